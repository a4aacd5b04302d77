import { describe, expect, it } from 'vitest';
import { arPlatform, sceneViewerLink } from './ar';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('AR platform', () => {
  it('iPhone and iPad (also in desktop mode, told by touch) → AR Quick Look; Android → Scene Viewer', () => {
    expect(arPlatform(IPHONE, 5)).toBe('ios');
    expect(arPlatform(IPAD_DESKTOP_MODE, 5)).toBe('ios');
    expect(arPlatform(PIXEL, 5)).toBe('android');
  });

  it('desktops (a Mac without touch, Windows) get no AR button', () => {
    expect(arPlatform(IPAD_DESKTOP_MODE, 0)).toBeNull();
    expect(arPlatform(WINDOWS, 0)).toBeNull();
  });
});

describe('Scene Viewer link', () => {
  it('is the documented intent with the file URL encoded whole (its own query included)', () => {
    const file = 'https://lift3d.example/api/generations/abc/download?expires=1&signature=ff&format=glb';
    const link = sceneViewerLink(file, 'https://lift3d.example/app', 'Chair');
    expect(link.startsWith('intent://arvr.google.com/scene-viewer/1.0?')).toBe(true);
    const query = new URLSearchParams(link.slice(link.indexOf('?') + 1, link.indexOf('#')));
    expect(query.get('file')).toBe(file);
    expect(query.get('mode')).toBe('ar_preferred');
    expect(query.get('title')).toBe('Chair');
    expect(link).toContain('#Intent;scheme=https;package=com.google.android.googlequicksearchbox;');
    expect(link).toContain(`S.browser_fallback_url=${encodeURIComponent('https://lift3d.example/app')};end;`);
  });
});
