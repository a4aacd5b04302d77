/**
 * The long-lived engine object: holds configuration and the loaded ONNX sessions, so several conversions
 * in one process (CLI with many inputs, the worker) pay for model loading once.
 */
import { readFile } from 'node:fs/promises';
import { CONFIG_DEFAULTS, type EngineConfig } from '../config.ts';
import { DECODE_DEFAULTS, decodeImage } from '../decode/decode.ts';
import { createDepthEstimator, type DepthEstimator } from '../depth/depth-model.ts';
import { EngineError } from '../errors.ts';
import { type ExportOptions, exportModel } from '../export/index.ts';
import type { ExportFormat, ExportResult } from '../export/types.ts';
import { type InspectReport, inspectSubject } from '../isolate/inspect.ts';
import { createIsnetSegmenter } from '../isolate/isnet.ts';
import type { Segmenter } from '../isolate/segmenter.ts';
import { convertViews, type MultiViewOptions } from '../multiview/convert-views.ts';
import { type MultiViewInput, VIEW_NAMES } from '../multiview/views.ts';
import type { TexturedModel } from '../types.ts';
import { type ConvertOptions, type ConvertResult, convertBytes } from './convert.ts';

type Input = Uint8Array | string;

export interface EngineOptions extends Partial<EngineConfig> {}

export interface Engine {
  /**
   * Converts image bytes, or the path of an image file; or a front photo with up to three extra views of
   * the same object (`{ front, right?, back?, left? }`, see engine/src/multiview).
   */
  convert(
    input: Input | MultiViewInput<Input>,
    options: ConvertOptions & { multiview?: Partial<MultiViewOptions> },
  ): Promise<ConvertResult>;
  exportModel(
    model: TexturedModel,
    format: ExportFormat,
    options?: Partial<ExportOptions>,
  ): Promise<ExportResult>;
  /** Whether a photo shows one whole object: found, not cut by the frame, not too small (guided capture). */
  inspect(input: Input): Promise<InspectReport>;
  /** Loads the segmentation model now instead of on the first photo without alpha. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

async function readInput(input: Input): Promise<Uint8Array> {
  if (typeof input !== 'string') return input;
  try {
    return new Uint8Array(await readFile(input));
  } catch (cause) {
    throw new EngineError(
      'unsupported_format',
      `engine: cannot read the file '${input}'. Check the path and try again.`,
      { cause },
    );
  }
}

export function createEngine(options: EngineOptions = {}): Engine {
  const config: EngineConfig = { ...CONFIG_DEFAULTS, ...options };
  let segmenter: Promise<Segmenter> | undefined;
  let depth: Promise<DepthEstimator> | undefined;
  const getSegmenter = () => {
    segmenter ??= createIsnetSegmenter({
      model: config.segmentationModel,
      precision: config.segmentationPrecision,
      cacheDir: config.modelCacheDir,
    });
    // A failed load must not poison the engine for later calls.
    segmenter.catch(() => {
      segmenter = undefined;
    });
    return segmenter;
  };
  const depthFor = config.depthModel
    ? async (image: import('../types.ts').RgbaImage) => {
        depth ??= createDepthEstimator(config.depthModel!);
        return (await depth).estimate(image);
      }
    : undefined;

  return {
    async convert(input, convertOptions) {
      const context = () => ({
        decode: { ...DECODE_DEFAULTS, maxBytes: config.maxInputBytes, maxPixels: config.maxInputPixels },
        segmenter: getSegmenter,
        depth: depthFor,
      });
      if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
        const views: MultiViewInput<Uint8Array> = {
          front: await readInput(input.front),
          focalLength35mm: input.focalLength35mm,
        };
        for (const name of VIEW_NAMES) {
          const v = input[name];
          if (v !== undefined) views[name] = await readInput(v);
        }
        return convertViews(views, context(), convertOptions);
      }
      return convertBytes(await readInput(input), context(), convertOptions);
    },
    exportModel,
    async inspect(input) {
      const decode = { ...DECODE_DEFAULTS, maxBytes: config.maxInputBytes, maxPixels: config.maxInputPixels };
      return inspectSubject(await decodeImage(await readInput(input), decode), getSegmenter);
    },
    async warmUp() {
      await getSegmenter();
    },
    async close() {
      const s = segmenter;
      const d = depth;
      segmenter = undefined;
      depth = undefined;
      if (s) await (await s).close();
      if (d) await (await d).close();
    },
  };
}
