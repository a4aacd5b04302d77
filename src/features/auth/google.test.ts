import { describe, expect, test, vi } from 'vitest';
import { isMobileBrowser, RETURN_TO_KEY, rememberReturnTo, takeReturnTo } from './google';

describe('mobile detection for Google sign-in', () => {
  test('phones and tablets redirect the whole page', () => {
    expect(
      isMobileBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      ),
    ).toBe(true);
    expect(
      isMobileBrowser(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36',
      ),
    ).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe(true);
  });

  test('desktop browsers use the popup', () => {
    expect(
      isMobileBrowser(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36',
      ),
    ).toBe(false);
    expect(
      isMobileBrowser(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
      ),
    ).toBe(false);
  });
});

describe('the page a full-page Google sign-in returns to', () => {
  function memory(): Storage {
    const map = new Map<string, string>();
    return {
      get length() {
        return map.size;
      },
      clear: () => map.clear(),
      getItem: (k: string) => map.get(k) ?? null,
      key: (i: number) => [...map.keys()][i] ?? null,
      removeItem: (k: string) => void map.delete(k),
      setItem: (k: string, v: string) => void map.set(k, v),
    };
  }

  test('the checkout page and its pack, once; nothing when the sign-in should end in the studio', () => {
    vi.stubGlobal('sessionStorage', memory());
    vi.stubGlobal('window', { location: { pathname: '/checkout', search: '?pack=enterprise' } });
    try {
      rememberReturnTo(true);
      expect(takeReturnTo()).toBe('/checkout?pack=enterprise');
      expect(takeReturnTo()).toBeNull();
      rememberReturnTo(true);
      rememberReturnTo(false);
      expect(takeReturnTo()).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('only a path of this site: never another origin, never the callback itself', () => {
    const storage = memory();
    vi.stubGlobal('sessionStorage', storage);
    try {
      for (const bad of [
        '//evil.example/x',
        '/\\evil.example',
        'https://evil.example/',
        '/auth/callback?code=1',
      ]) {
        storage.setItem(RETURN_TO_KEY, bad);
        expect(takeReturnTo(), bad).toBeNull();
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
