/** A background-removal model: RGBA image in, soft subject mask (0..1 per pixel) out. */
import type { RgbaImage } from '../types.ts';
import type { GraphCacheOutcome } from './isnet-cache.ts';

export interface Segmenter {
  segment(image: RgbaImage): Promise<Float32Array>;
  close(): Promise<void>;
  /** Whether the model's rewritten graph came from the disk cache (isnet-cache.ts). */
  readonly graphCache?: GraphCacheOutcome;
}
