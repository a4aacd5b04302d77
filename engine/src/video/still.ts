/**
 * Poster and thumbnail without a video: one supersampled still rendered on the calling thread, no
 * ffmpeg and no worker threads (model jobs need the pictures, not the MP4).
 */
import { createTurntableRenderer } from '../render/renderer.ts';
import type { TexturedModel } from '../types.ts';
import { resolveTurntableOptions, type TurntableOptions } from './options.ts';
import { encodeStills, type StillImages } from './poster.ts';

export interface PosterResult extends StillImages {
  width: number;
  height: number;
}

/** Same options as the turntable (size, background, poster angle/format, thumbnail size); supersampled 2× by default. */
export async function renderPoster(
  model: TexturedModel,
  options: Partial<TurntableOptions> = {},
): Promise<PosterResult> {
  const o = resolveTurntableOptions({ posterSupersample: 2, ...options });
  const ss = o.posterSupersample;
  const renderer = createTurntableRenderer(model, {
    width: o.width * ss,
    height: o.height * ss,
    background: o.background,
    elevationDeg: o.elevationDeg,
  });
  const rgba = new Uint8Array(o.width * ss * o.height * ss * 4);
  renderer.renderFrame((o.posterAngleDeg * Math.PI) / 180, rgba);
  const images = await encodeStills(
    rgba,
    { width: o.width, height: o.height, sourceWidth: o.width * ss, sourceHeight: o.height * ss },
    { format: o.posterFormat, thumbnailSize: o.thumbnailSize },
  );
  return { ...images, width: o.width, height: o.height };
}
