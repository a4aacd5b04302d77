/**
 * The checks a shot gets in the browser before it is kept: sharpness from the image gradient, and exposure
 * from the luminance. Pure functions over RGBA pixels (a canvas' ImageData), so they are tested in Node.
 *
 * notes: sharpness is the mean gradient magnitude of the luminance over the strongest 10 % of pixels, on an
 * image scaled so its longer side is about 320 px. Taking the strongest edges, not the whole image, keeps a
 * sharp object on a plain wall from counting as blurred; a fixed working size makes the number independent
 * of the camera's resolution. Thresholds were set on the repository's sample photos and their blurred
 * copies (capture/quality.test.ts).
 */

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, row-major. */
  data: Uint8ClampedArray | Uint8Array;
}

export interface QualityOptions {
  /** Below this edge strength (luminance units per pixel at the working size) the shot is blurred. */
  minSharpness: number;
  /** Mean luminance (0–255) below which the shot is too dark, above which too bright. */
  minBrightness: number;
  maxBrightness: number;
  /** Share of pixels clipped to black or white above which the shot is badly exposed. */
  maxClipped: number;
  /** Longer side of the working image. */
  workSize: number;
}

export const QUALITY_DEFAULTS: QualityOptions = {
  minSharpness: 18,
  minBrightness: 45,
  maxBrightness: 225,
  maxClipped: 0.35,
  workSize: 320,
};

export interface QualityReport {
  sharpness: number;
  brightness: number;
  clipped: number;
  problem: 'blurred' | 'dark' | 'bright' | null;
  /** What to tell the user (null when the shot is fine). */
  message: string | null;
}

/** Luminance at the working size (box-averaged), so the measures do not depend on the camera's pixels. */
function luminance(p: Pixels, workSize: number): { w: number; h: number; l: Float32Array } {
  const scale = Math.min(1, workSize / Math.max(p.width, p.height));
  const w = Math.max(1, Math.round(p.width * scale));
  const h = Math.max(1, Math.round(p.height * scale));
  const l = new Float32Array(w * h);
  const count = new Float32Array(w * h);
  for (let y = 0; y < p.height; y++) {
    const ty = Math.min(h - 1, Math.floor(y * scale));
    for (let x = 0; x < p.width; x++) {
      const tx = Math.min(w - 1, Math.floor(x * scale));
      const i = (y * p.width + x) * 4;
      l[ty * w + tx] += 0.2126 * p.data[i] + 0.7152 * p.data[i + 1] + 0.0722 * p.data[i + 2];
      count[ty * w + tx]++;
    }
  }
  for (let i = 0; i < l.length; i++) l[i] /= count[i] || 1;
  return { w, h, l };
}

export function checkShot(p: Pixels, options: Partial<QualityOptions> = {}): QualityReport {
  const o = { ...QUALITY_DEFAULTS, ...options };
  const { w, h, l } = luminance(p, o.workSize);
  let sum = 0;
  let clipped = 0;
  for (const v of l) {
    sum += v;
    if (v < 8 || v > 247) clipped++;
  }
  const brightness = sum / l.length;
  const grads: number[] = [];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = l[i + 1] - l[i - 1];
      const gy = l[i + w] - l[i - w];
      grads.push(Math.hypot(gx, gy) / 2);
    }
  }
  grads.sort((a, b) => b - a);
  const top = grads.slice(0, Math.max(1, Math.floor(grads.length * 0.1)));
  const sharpness = top.reduce((a, b) => a + b, 0) / top.length;
  const clippedShare = clipped / l.length;

  let problem: QualityReport['problem'] = null;
  let message: string | null = null;
  if (brightness < o.minBrightness || (clippedShare > o.maxClipped && brightness < 128)) {
    problem = 'dark';
    message = 'The photo is too dark. Turn on a light or move to a brighter place, then retake it.';
  } else if (brightness > o.maxBrightness || (clippedShare > o.maxClipped && brightness >= 128)) {
    problem = 'bright';
    message = 'The photo is too bright. Move out of direct light or away from the window, then retake it.';
  } else if (sharpness < o.minSharpness) {
    problem = 'blurred';
    message = 'The photo is blurred. Hold the phone still and let it focus on the object, then retake it.';
  }
  return {
    sharpness: Math.round(sharpness * 10) / 10,
    brightness: Math.round(brightness),
    clipped: Math.round(clippedShare * 1000) / 1000,
    problem,
    message,
  };
}

/** A faint outline of a shot: luminance edges as translucent white pixels (drawn over the live camera). */
export function outlineOf(p: Pixels, options: { threshold?: number } = {}): Pixels {
  const threshold = options.threshold ?? 24;
  const out = new Uint8ClampedArray(p.width * p.height * 4);
  const lum = (x: number, y: number) => {
    const i = (y * p.width + x) * 4;
    return 0.2126 * p.data[i] + 0.7152 * p.data[i + 1] + 0.0722 * p.data[i + 2];
  };
  for (let y = 1; y < p.height - 1; y++) {
    for (let x = 1; x < p.width - 1; x++) {
      const g = Math.hypot(lum(x + 1, y) - lum(x - 1, y), lum(x, y + 1) - lum(x, y - 1)) / 2;
      if (g < threshold) continue;
      const i = (y * p.width + x) * 4;
      out[i] = 255;
      out[i + 1] = 255;
      out[i + 2] = 255;
      out[i + 3] = 200;
    }
  }
  return { width: p.width, height: p.height, data: out };
}
