/**
 * Registration of an extra view to the front: scale and vertical offset from the silhouettes (every view
 * sees the same height when the camera walks around at one height), the horizontal centre from the
 * silhouette's extent, and the checks that tell a photo of another object from a turned view of this one.
 */
import type { RgbaImage } from '../types.ts';
import { type RegisteredView, TURN, towardOf, type ViewName, viewRotation } from './views.ts';

export interface RegisterOptions {
  /** Largest ratio between two views' silhouette heights (as shares of their photos) a walk explains. */
  maxHeightRatio: number;
  /** Share of model rows whose occupancy (any object at this height) may differ from the front's. */
  maxRowMismatch: number;
  /** Smallest overlap of the mirrored back silhouette with the front's (intersection over union). */
  minBackOverlap: number;
  /**
   * Largest distance between the subjects' mean chromaticities (r, g of r+g+b = 1) to the most similar
   * other view: a back may differ from the front in colour, but not from every other photo by this much.
   */
  maxColourDistance: number;
}

const REGISTER_DEFAULTS: RegisterOptions = {
  maxHeightRatio: 1.6,
  maxRowMismatch: 0.2,
  minBackOverlap: 0.6,
  maxColourDistance: 0.22,
};

export interface Frame {
  image: RgbaImage;
  mask: Float32Array;
  unitsPerPixel: number;
  centrePx: [number, number];
  /** Inverse camera distance (camera.ts); absent or 0: seen in parallel. */
  invDistance?: number;
}

/** Silhouette extent at coverage ≥ 0.5, in pixel edges (x1, y1 exclusive). */
export function silhouetteBox(mask: Float32Array, width: number, height: number) {
  let x0 = width;
  let y0 = height;
  let x1 = 0;
  let y1 = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x] < 0.5) continue;
      if (x < x0) x0 = x;
      if (x >= x1) x1 = x + 1;
      if (y < y0) y0 = y;
      if (y >= y1) y1 = y + 1;
    }
  }
  return x1 > x0 ? { x0, y0, x1, y1 } : undefined;
}

/** Mask coverage at an image position (nearest pixel, 0 outside). */
export function maskAt(mask: Float32Array, width: number, height: number, px: number, py: number): number {
  const x = Math.floor(px);
  const y = Math.floor(py);
  if (x < 0 || y < 0 || x >= width || y >= height) return 0;
  return mask[y * width + x];
}

export interface Registration {
  view: RegisteredView;
  /** Why the view shapes nothing or is not used, for the warning. */
  problem?: 'silhouette' | 'colour';
}

export function registerView(
  name: ViewName,
  image: RgbaImage,
  mask: Float32Array,
  front: Frame,
  others: { image: RgbaImage; mask: Float32Array }[],
  options: Partial<RegisterOptions> = {},
): Registration {
  const opts = { ...REGISTER_DEFAULTS, ...options };
  const box = silhouetteBox(mask, image.width, image.height);
  const view: RegisteredView = {
    name,
    image,
    mask,
    unitsPerPixel: box ? 1 / (box.y1 - box.y0) : 1,
    centrePx: box ? [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2] : [0, 0],
    invDistance: 0,
    rotation: viewRotation(TURN[name], 0),
    toward: towardOf(viewRotation(TURN[name], 0)),
    shapes: true,
    colours: true,
  };
  if (!box) return { view: { ...view, shapes: false, colours: false }, problem: 'silhouette' };

  const own = chromaticity(image, mask);
  const nearest = Math.min(
    ...[front, ...others].map((o) => {
      const c = chromaticity(o.image, o.mask);
      return Math.hypot(c[0] - own[0], c[1] - own[1]);
    }),
  );
  if (nearest > opts.maxColourDistance) {
    return { view: { ...view, shapes: false, colours: false }, problem: 'colour' };
  }
  const heightShare = (box.y1 - box.y0) / image.height;
  const frontShare = 1 / front.unitsPerPixel / front.image.height;
  const ratio = Math.max(heightShare / frontShare, frontShare / heightShare);
  const silhouetteOk =
    ratio <= opts.maxHeightRatio &&
    rowMismatch(view, front) <= opts.maxRowMismatch &&
    (name !== 'back' || backOverlap(view, front) >= opts.minBackOverlap);
  if (!silhouetteOk) return { view: { ...view, shapes: false }, problem: 'silhouette' };
  return { view };
}

const ROWS = 64;

/** Share of model heights where one view shows something and the other does not. */
function rowMismatch(view: RegisteredView, front: Frame): number {
  let differ = 0;
  for (let r = 0; r < ROWS; r++) {
    const y = 0.5 - (r + 0.5) / ROWS;
    const a = rowOccupied(front.mask, front.image.width, front.centrePx[1] - y / front.unitsPerPixel);
    const b = rowOccupied(view.mask, view.image.width, view.centrePx[1] - y / view.unitsPerPixel);
    if (a !== b) differ++;
  }
  return differ / ROWS;
}

function rowOccupied(mask: Float32Array, width: number, py: number): boolean {
  const y = Math.floor(py);
  if (y < 0 || y >= mask.length / width) return false;
  for (let x = 0; x < width; x++) if (mask[y * width + x] >= 0.5) return true;
  return false;
}

/** The back silhouette mirrored onto the front's: the same outline when the walk was a half turn. */
function backOverlap(view: RegisteredView, front: Frame): number {
  const n = 96;
  let both = 0;
  let either = 0;
  const fb = silhouetteBox(front.mask, front.image.width, front.image.height);
  const vb = silhouetteBox(view.mask, view.image.width, view.image.height);
  if (!fb || !vb) return 0;
  const span = 1.1 * Math.max((fb.x1 - fb.x0) * front.unitsPerPixel, (vb.x1 - vb.x0) * view.unitsPerPixel);
  for (let j = 0; j < n; j++) {
    const y = 0.55 - (1.1 * (j + 0.5)) / n;
    for (let i = 0; i < n; i++) {
      const x = span * ((i + 0.5) / n - 0.5);
      const fx = front.centrePx[0] + x / front.unitsPerPixel;
      const fy = front.centrePx[1] - y / front.unitsPerPixel;
      const bx = view.centrePx[0] - x / view.unitsPerPixel;
      const by = view.centrePx[1] - y / view.unitsPerPixel;
      const a = maskAt(front.mask, front.image.width, front.image.height, fx, fy) >= 0.5;
      const b = maskAt(view.mask, view.image.width, view.image.height, bx, by) >= 0.5;
      if (a && b) both++;
      if (a || b) either++;
    }
  }
  return either ? both / either : 0;
}

/** Mean chromaticity (r, g with r + g + b = 1) of the subject: colour without brightness. */
function chromaticity(image: RgbaImage, mask: Float32Array): [number, number] {
  let r = 0;
  let g = 0;
  let w = 0;
  const d = image.data;
  const step = Math.max(1, Math.floor(Math.sqrt((image.width * image.height) / 250_000)));
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      const i = y * image.width + x;
      if (mask[i] < 0.5) continue;
      const s = d[i * 4] + d[i * 4 + 1] + d[i * 4 + 2] + 1;
      r += d[i * 4] / s;
      g += d[i * 4 + 1] / s;
      w++;
    }
  }
  return w ? [r / w, g / w] : [1 / 3, 1 / 3];
}
