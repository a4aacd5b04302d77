/**
 * The CPU renderer behind the turntable video: `createTurntableRenderer(model, options)` prepares a
 * model once and then draws it at any turn angle into RGBA frames. See renderer.ts and raster.ts.
 */
export type { BackgroundOption } from './background.ts';

export {
  createTurntableRenderer,
  RENDER_DEFAULTS,
  type RenderOptions,
  type TurntableRenderer,
} from './renderer.ts';
