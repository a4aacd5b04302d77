/**
 * The CPU renderer behind the turntable video: `createTurntableRenderer(model, options)` prepares a
 * model once and then draws it at any turn angle into RGBA frames. See renderer.ts and raster.ts.
 */
export { type BackgroundOption, resolveBackground } from './background.ts';
export { LIGHT_DEFAULTS, type LightRig } from './lighting.ts';
export {
  createTurntableRenderer,
  type PreparedScene,
  prepareScene,
  RENDER_DEFAULTS,
  type RenderOptions,
  rendererFromScene,
  type TurntableRenderer,
} from './renderer.ts';
export { SHADOW_DEFAULTS, type ShadowOptions } from './shadow.ts';
