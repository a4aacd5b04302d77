/**
 * The checks a shot gets in the browser before it is kept: sharpness from the image gradient (how much a
 * further blur changes it), and exposure from the luminance. Pure functions over RGBA pixels (a canvas' ImageData), so they are tested in Node.
 *
 * notes: sharpness is judged by how much a further blur changes the image (blurEffect), a ratio, so neither
 * the contrast of the scene nor the camera's resolution (the image is scaled to 480 px first) moves it much;
 * a first version used the mean gradient of the strongest edges and told the samples from their blurred
 * copies by only 1.3×. Thresholds were set on the repository's sample images and their blurred copies
 * (capture/quality.test.ts).
 */

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, row-major. */
  data: Uint8ClampedArray | Uint8Array;
}

export interface QualityOptions {
  /** Above this blur effect (0 sharp … 1 flat) the shot is blurred. */
  maxBlur: number;
  /** Mean luminance (0–255) below which the shot is too dark, above which too bright. */
  minBrightness: number;
  maxBrightness: number;
  /** Share of pixels clipped to black or white above which the shot is badly exposed. */
  maxClipped: number;
  /** Longer side of the working image. */
  workSize: number;
}

const QUALITY_DEFAULTS: QualityOptions = {
  maxBlur: 0.6,
  minBrightness: 45,
  maxBrightness: 225,
  maxClipped: 0.35,
  workSize: 480,
};

export interface QualityReport {
  /** 0 sharp … 1 flat (blurEffect). */
  blur: number;
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

/**
 * The no-reference blur measure of Crété-Roffet et al. (2007, "The blur effect: perception and estimation
 * with a new no-reference perceptual blur metric"): blur the image again with a 9-tap box and see how much
 * of the neighbour-to-neighbour variation that removes. A sharp image loses much of it, a blurred one little.
 * 0 is sharp, 1 is flat; the larger of the horizontal and vertical values.
 */
function blurEffect(l: Float32Array, w: number, h: number): number {
  const k = 4; // 9 taps
  const along = (horizontal: boolean) => {
    let sumF = 0;
    let sumV = 0;
    const at = (x: number, y: number) => l[y * w + x];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const inside = horizontal ? x > 0 : y > 0;
        if (!inside) continue;
        const blurred = (bx: number, by: number) => {
          let acc = 0;
          for (let t = -k; t <= k; t++) {
            const sx = horizontal ? Math.min(w - 1, Math.max(0, bx + t)) : bx;
            const sy = horizontal ? by : Math.min(h - 1, Math.max(0, by + t));
            acc += at(sx, sy);
          }
          return acc / (2 * k + 1);
        };
        const px = horizontal ? x - 1 : x;
        const py = horizontal ? y : y - 1;
        const dF = Math.abs(at(x, y) - at(px, py));
        const dB = Math.abs(blurred(x, y) - blurred(px, py));
        sumF += dF;
        sumV += Math.max(0, dF - dB);
      }
    }
    return sumF > 0 ? (sumF - sumV) / sumF : 1;
  };
  return Math.max(along(true), along(false));
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
  const blur = blurEffect(l, w, h);
  const clippedShare = clipped / l.length;

  let problem: QualityReport['problem'] = null;
  let message: string | null = null;
  if (brightness < o.minBrightness || (clippedShare > o.maxClipped && brightness < 128)) {
    problem = 'dark';
    message = 'The photo is too dark. Turn on a light or move to a brighter place, then retake it.';
  } else if (brightness > o.maxBrightness || (clippedShare > o.maxClipped && brightness >= 128)) {
    problem = 'bright';
    message = 'The photo is too bright. Move out of direct light or away from the window, then retake it.';
  } else if (blur > o.maxBlur) {
    problem = 'blurred';
    message = 'The photo is blurred. Hold the phone still and let it focus on the object, then retake it.';
  }
  return {
    blur: Math.round(blur * 1000) / 1000,
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
