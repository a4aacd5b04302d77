import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './api';
import { forgetFollowed, readFollowed, saveFollowed } from './resume';

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

describe("the studio's last result", () => {
  it('is kept per user and variant, and a studio showing nothing keeps the last one', () => {
    const s = new MemoryStorage() as unknown as Storage;
    saveFollowed('app', 'u1', { model: 'm1', preview: null }, s);
    saveFollowed('app66', 'u1', { model: null, preview: 'p1' }, s);
    saveFollowed('app', 'u2', { model: 'm2', preview: 'p2' }, s);
    expect(readFollowed('app', 'u1', s)).toEqual({ model: 'm1', preview: null });
    expect(readFollowed('app66', 'u1', s)).toEqual({ model: null, preview: 'p1' });
    expect(readFollowed('app', 'u2', s)).toEqual({ model: 'm2', preview: 'p2' });
    expect(readFollowed('app', 'u3', s)).toEqual({ model: null, preview: null });
    // A new image picked, nothing generated yet: the last result stays remembered.
    saveFollowed('app', 'u1', { model: null, preview: null }, s);
    expect(readFollowed('app', 'u1', s)).toEqual({ model: 'm1', preview: null });
    // A new job replaces it.
    saveFollowed('app', 'u1', { model: null, preview: 'p3' }, s);
    expect(readFollowed('app', 'u1', s)).toEqual({ model: null, preview: 'p3' });
  });
  it('forgets one job that can no longer be read, and the entry with the last one', () => {
    const s = new MemoryStorage() as unknown as Storage;
    saveFollowed('app', 'u1', { model: 'm1', preview: 'p1' }, s);
    forgetFollowed('app', 'u1', 'm1', s);
    expect(readFollowed('app', 'u1', s)).toEqual({ model: null, preview: 'p1' });
    forgetFollowed('app', 'u1', 'p1', s);
    expect(s.length).toBe(0);
  });
  it('treats a corrupt entry as nothing remembered', () => {
    const s = new MemoryStorage() as unknown as Storage;
    s.setItem('lift3d-studio-last:app:u1', '{not json');
    expect(readFollowed('app', 'u1', s)).toEqual({ model: null, preview: null });
    s.setItem('lift3d-studio-last:app:u1', JSON.stringify({ model: 42 }));
    expect(readFollowed('app', 'u1', s)).toEqual({ model: null, preview: null });
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
