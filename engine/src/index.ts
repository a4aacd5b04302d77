/**
 * @lift3d/engine — image → textured, watertight 3D model. See engine/README.md.
 */
export { CONFIG_DEFAULTS, configFromEnv, type EngineConfig } from './config.ts';
export { EngineError, type EngineErrorCode, isEngineError } from './errors.ts';
export { EXPORT_DEFAULTS, type ExportOptions, exportModel } from './export/index.ts';
export { EXPORT_FORMATS, type ExportFile, type ExportFormat, type ExportResult } from './export/types.ts';
export {
  PHOTO_ELEVATION_DEFAULTS,
  type PhotoElevationOptions,
} from './geometry/photo-elevation.ts';
// Models made elsewhere (hosted generation services) brought to our convention.
export {
  NORMALIZE_DEFAULTS,
  type NormalizedModel,
  type NormalizeOptions,
  normalizeSourceModel,
} from './import/normalize.ts';
export { assertPrintable, checkPrintFile, type PrintFileCheck } from './import/print-check.ts';
export {
  imageForProvider,
  PROVIDER_IMAGE_DEFAULTS,
  type ProviderImageOptions,
} from './import/provider-image.ts';
export { READ_GLB_DEFAULTS, type ReadGlbOptions } from './import/read-glb.ts';
// A model this engine exported, read back as it is (the turntable of an existing model).
export { readStoredModel } from './import/stored-model.ts';
export {
  INSPECT_DEFAULTS,
  type InspectProblem,
  type InspectReport,
  inspectMask,
} from './isolate/inspect.ts';
export { MULTIVIEW_DEFAULTS, type MultiViewOptions } from './multiview/convert-views.ts';
export type { MultiViewStats, ViewReport } from './multiview/stats.ts';
export { type MultiViewInput, VIEW_NAMES, type ViewName } from './multiview/views.ts';
export type { ConvertOptions, ConvertResult, ConvertStats, ProgressCallback } from './pipeline/convert.ts';
export { createEngine, type Engine, type EngineOptions } from './pipeline/engine.ts';
export { TOPOLOGY_PRESETS, type Topology } from './pipeline/presets.ts';
export type { Mesh, RgbaImage, TexturedModel } from './types.ts';
// The turntable renderer (engine/src/video, engine/src/render) ships with the engine.
export * from './video/index.ts';
