/**
 * Optional monocular depth model (operator-supplied ONNX file, e.g. a MiDaS/Depth-Anything export).
 * Contract: one float input NCHW with 3 channels (ImageNet mean/std normalised), one output of
 * relative depth per pixel ([1,H,W] or [1,1,H,W]), larger = nearer (MiDaS convention). Input size is
 * read from the model when static, else `size`.
 */
import { readFile } from 'node:fs/promises';
import type * as Ort from 'onnxruntime-node';
import sharp from 'sharp';
import { EngineError } from '../errors.ts';
import type { RgbaImage } from '../types.ts';

export interface DepthEstimator {
  estimate(image: RgbaImage): Promise<Float32Array>;
  close(): Promise<void>;
}

export interface DepthOptions {
  /** Input side when the model's input size is dynamic. */
  size: number;
  threads: number;
}

const DEPTH_DEFAULTS: DepthOptions = { size: 384, threads: 2 };

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

export async function createDepthEstimator(
  path: string,
  options: Partial<DepthOptions> = {},
): Promise<DepthEstimator> {
  const opts = { ...DEPTH_DEFAULTS, ...options };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (cause) {
    throw new EngineError(
      'model_unavailable',
      `depth: cannot read the depth model '${path}'. Check the --depth-model path.`,
      { cause },
    );
  }
  // Loaded only when a depth model is configured (see isnet.ts).
  const ort: typeof Ort = await import('onnxruntime-node');
  let session: Ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(bytes, {
      intraOpNumThreads: opts.threads,
      interOpNumThreads: 1,
    });
  } catch (cause) {
    throw new EngineError('model_unavailable', `depth: '${path}' is not a valid ONNX model.`, { cause });
  }
  const inputName = session.inputNames[0];
  const outputName = session.outputNames[0];
  const meta = (session as unknown as { inputMetadata?: { shape?: (number | string)[] }[] })
    .inputMetadata?.[0];
  const dims = meta?.shape;
  const H = typeof dims?.[2] === 'number' && dims[2] > 0 ? dims[2] : opts.size;
  const W = typeof dims?.[3] === 'number' && dims[3] > 0 ? dims[3] : opts.size;
  return {
    async estimate(image: RgbaImage): Promise<Float32Array> {
      const rgb = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
        .removeAlpha()
        .resize(W, H, { fit: 'fill' })
        .raw()
        .toBuffer();
      const plane = W * H;
      const input = new Float32Array(3 * plane);
      for (let i = 0; i < plane; i++) {
        for (let c = 0; c < 3; c++) input[i + c * plane] = (rgb[i * 3 + c] / 255 - MEAN[c]) / STD[c];
      }
      const result = await session.run({ [inputName]: new ort.Tensor('float32', input, [1, 3, H, W]) });
      const out = result[outputName];
      const shape = out.dims;
      const oh = shape[shape.length - 2];
      const ow = shape[shape.length - 1];
      if (oh * ow !== out.data.length) {
        throw new EngineError(
          'model_unavailable',
          `depth: the model's output ${JSON.stringify(shape)} is not one depth map.`,
        );
      }
      const data = out.data as Float32Array;
      // Resize the float map to the image with bilinear interpolation.
      const depth = new Float32Array(image.width * image.height);
      for (let y = 0; y < image.height; y++) {
        const sy = Math.min(Math.max(((y + 0.5) / image.height) * oh - 0.5, 0), oh - 1);
        const y0 = Math.floor(sy);
        const y1 = Math.min(y0 + 1, oh - 1);
        const ty = sy - y0;
        for (let x = 0; x < image.width; x++) {
          const sx = Math.min(Math.max(((x + 0.5) / image.width) * ow - 0.5, 0), ow - 1);
          const x0 = Math.floor(sx);
          const x1 = Math.min(x0 + 1, ow - 1);
          const tx = sx - x0;
          const a = data[y0 * ow + x0] * (1 - tx) + data[y0 * ow + x1] * tx;
          const b = data[y1 * ow + x0] * (1 - tx) + data[y1 * ow + x1] * tx;
          depth[y * image.width + x] = a * (1 - ty) + b * ty;
        }
      }
      return depth;
    },
    async close() {
      await session.release();
    },
  };
}
