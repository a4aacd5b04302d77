/** A background-removal model: RGBA image in, soft subject mask (0..1 per pixel) out. */
import type { RgbaImage } from '../types.ts';

export interface Segmenter {
  segment(image: RgbaImage): Promise<Float32Array>;
  close(): Promise<void>;
}
