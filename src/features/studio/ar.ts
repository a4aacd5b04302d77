/**
 * "View in your room": which phone AR viewer to hand the model to, and the link that opens it. iPhones and
 * iPads open USDZ in AR Quick Look (an `<a rel="ar">` around an image); Android phones open the GLB in Scene
 * Viewer through an intent link. Desktops have no AR viewer, so they get nothing.
 */
export type ArPlatform = 'ios' | 'android';

export function arPlatform(userAgent: string, maxTouchPoints = 0): ArPlatform | null {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  // iPadOS Safari reports itself as a Mac; only the touch screen tells it apart.
  if (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/\bAndroid\b/.test(userAgent)) return 'android';
  return null;
}

/** The file each viewer reads. */
export const AR_FORMAT: Readonly<Record<ArPlatform, 'usdz' | 'glb'>> = { ios: 'usdz', android: 'glb' };

/**
 * Scene Viewer's documented intent link: the Google app opens `file` in AR (3D where AR is unavailable),
 * and a browser without it goes to `fallback`.
 */
export function sceneViewerLink(fileUrl: string, fallbackUrl: string, title?: string): string {
  const query = new URLSearchParams({ file: fileUrl, mode: 'ar_preferred' });
  if (title) query.set('title', title);
  return (
    `intent://arvr.google.com/scene-viewer/1.0?${query}` +
    '#Intent;scheme=https;package=com.google.android.googlequicksearchbox;' +
    `action=android.intent.action.VIEW;S.browser_fallback_url=${encodeURIComponent(fallbackUrl)};end;`
  );
}
