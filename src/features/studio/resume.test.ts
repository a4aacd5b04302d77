import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './api';
import { readFollowed, saveFollowed } from './resume';

class MemoryStorage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

describe('followed jobs', () => {
  it('round-trips per variant and forgets when nothing is followed', () => {
    const s = new MemoryStorage() as unknown as Storage;
    saveFollowed('app', { model: 'm1', preview: null }, s);
    saveFollowed('app66', { model: null, preview: 'p1' }, s);
    expect(readFollowed('app', s)).toEqual({ model: 'm1', preview: null });
    expect(readFollowed('app66', s)).toEqual({ model: null, preview: 'p1' });
    saveFollowed('app', { model: null, preview: null }, s);
    expect(s.length).toBe(1);
  });
  it('treats a corrupt entry as nothing followed', () => {
    const s = new MemoryStorage() as unknown as Storage;
    s.setItem('lift3d-studio-jobs:app', '{not json');
    expect(readFollowed('app', s)).toEqual({ model: null, preview: null });
    s.setItem('lift3d-studio-jobs:app', JSON.stringify({ model: 42 }));
    expect(readFollowed('app', s)).toEqual({ model: null, preview: null });
  });
});

describe('fileNameFrom (Content-Disposition)', () => {
  it('reads plain, quoted and RFC 5987 names', () => {
    expect(fileNameFrom('attachment; filename="lift3d-1a2b.glb"')).toBe('lift3d-1a2b.glb');
    expect(fileNameFrom('attachment; filename=model.stl')).toBe('model.stl');
    expect(fileNameFrom(`attachment; filename="x.zip"; filename*=UTF-8''vase%20model.zip`)).toBe(
      'vase model.zip',
    );
    expect(fileNameFrom('inline')).toBeNull();
    expect(fileNameFrom(null)).toBeNull();
  });
});
