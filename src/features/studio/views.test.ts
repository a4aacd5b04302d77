import { describe, expect, it } from 'vitest';
import { viewsSummary, viewsToSend } from './views';

const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

describe('viewsToSend', () => {
  it('sends the filled slots in the api order right, back, left', () => {
    const left = file('l.png');
    const right = file('r.png');
    expect(viewsToSend({ left, right }, 1)).toEqual([
      ['right', right],
      ['left', left],
    ]);
  });
  it('sends a removed slot as nothing', () => {
    expect(viewsToSend({ back: undefined }, 1)).toEqual([]);
  });
  it('sends no views with a batch or without a main image', () => {
    expect(viewsToSend({ back: file('b.png') }, 2)).toEqual([]);
    expect(viewsToSend({ back: file('b.png') }, 0)).toEqual([]);
  });
});

describe('viewsSummary', () => {
  it('counts the main photo as the front and names the sides', () => {
    expect(viewsSummary(['back', 'right'])).toBe('3 views: front, right side, back');
    expect(viewsSummary(['left', 'back', 'right'])).toBe('4 views: front, right side, back, left side');
  });
  it('says nothing for a single view or unknown names', () => {
    expect(viewsSummary([])).toBeNull();
    expect(viewsSummary(undefined)).toBeNull();
    expect(viewsSummary(['top'])).toBeNull();
  });
});
