/**
 * Turntable video of a textured model: CPU-rendered frames (../render) encoded to H.264 MP4 by ffmpeg,
 * with a poster and a thumbnail.
 *
 *   const { mp4, poster, thumbnail, stats } = await renderTurntable(model, { outPath: 'spin.mp4' });
 *
 * `findFfmpeg()` tells at start-up whether videos can be made (log it); `renderTurntable` throws an
 * EngineError ('model_unavailable', "video: ffmpeg not found — install it with …") when they cannot.
 */
export {
  type BackgroundOption,
  createTurntableRenderer,
  RENDER_DEFAULTS,
  type RenderOptions,
  type TurntableRenderer,
} from '../render/index.ts';
export { FFMPEG_MISSING, type FfmpegInfo, findFfmpeg, requireFfmpeg } from './ffmpeg.ts';
export { type Easing, frameAngle, TURNTABLE_DEFAULTS, type TurntableOptions } from './options.ts';
export { type PosterResult, renderPoster } from './still.ts';
export { renderTurntable, type TurntableResult, type TurntableStats } from './turntable.ts';
