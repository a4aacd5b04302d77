/**
 * The plain-backdrop fast path: a photo on a plain or smoothly lit backdrop gets its mask from the
 * backdrop's colour (no model run), within a stated IoU of the truth; a busy backdrop, a subject cut by
 * the frame, or a backdrop close to the subject's colour is refused, and isolation falls back to the model.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../src/decode/decode.ts';
import { createEngine } from '../../src/index.ts';
import { backdropMatte } from '../../src/isolate/backdrop-matte.ts';
import { isolateSubject } from '../../src/isolate/isolate.ts';
import type { Segmenter } from '../../src/isolate/segmenter.ts';
import type { RgbaImage } from '../../src/types.ts';

const S = 320;
type Rgb = [number, number, number];

/** A vase-like subject (body, neck, a handle without a hole) and its true mask. */
function vase(colour: Rgb, shiftX = 0): { at: (x: number, y: number) => Rgb | null; truth: Uint8Array } {
  const inside = (x: number, y: number) => {
    const X = x - shiftX;
    const body = ((X - 160) / 80) ** 2 + ((y - 200) / 90) ** 2 < 1;
    const neck = Math.abs(X - 160) < 28 && y > 60 && y < 200;
    const handle = X > 225 && X < 262 && y > 150 && y < 168;
    return body || neck || handle;
  };
  const truth = new Uint8Array(S * S);
  for (let y = 0; y < S; y++) for (let x = 0; x < S; x++) truth[y * S + x] = inside(x, y) ? 1 : 0;
  const at = (x: number, y: number): Rgb | null => {
    if (!truth[y * S + x]) return null;
    const shade = 0.75 + 0.25 * Math.max(0, 1 - Math.hypot(x - 130 - shiftX, y - 150) / 150);
    return [colour[0] * shade, colour[1] * shade, colour[2] * shade];
  };
  return { at, truth };
}

/** The subject over a backdrop (a colour per pixel), as a JPEG decoded back, like a phone's photo. */
async function photo(
  subject: ReturnType<typeof vase>,
  backdrop: (x: number, y: number) => Rgb,
): Promise<RgbaImage> {
  const rgb = new Uint8Array(S * S * 3);
  for (let y = 0; y < S; y++)
    for (let x = 0; x < S; x++) rgb.set(subject.at(x, y) ?? backdrop(x, y), (y * S + x) * 3);
  const jpeg = await sharp(rgb, { raw: { width: S, height: S, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return decodeImage(new Uint8Array(jpeg));
}

function iou(mask: Float32Array, truth: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < truth.length; i++) {
    const m = mask[i] >= 0.5 ? 1 : 0;
    inter += m & truth[i];
    union += m | truth[i];
  }
  return inter / union;
}

/** A deterministic hash noise in 0..1. */
const hash = (x: number, y: number) => {
  const s = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  return s - Math.floor(s);
};

const plain = (): Rgb => [236, 236, 232];
const litGradient = (x: number, y: number): Rgb => [
  230 - (30 * y) / S,
  228 - (25 * y) / S + (10 * x) / S,
  222 - (28 * y) / S,
];
/** Wood-like stripes with grain: a table top. */
const busy = (x: number, y: number): Rgb => {
  const g = 0.5 + 0.5 * Math.sin((x / 9 + 3 * hash(Math.floor(x / 4), Math.floor(y / 30))) * Math.PI);
  return [140 + 70 * g, 95 + 40 * g, 55 + 25 * g];
};
const RED: Rgb = [200, 70, 50];
/** The fast path is opt-in (its held-out evaluation lost quality on one photo; see the README). */
const ON = { backdrop: { enabled: true } };

/** A segmenter standing in for the model: answers with the given mask and counts its calls. */
function fakeModel(truth: Uint8Array) {
  const calls = { loaded: 0, segmented: 0 };
  const load = async (): Promise<Segmenter> => {
    calls.loaded++;
    return {
      segment: async () => {
        calls.segmented++;
        return Float32Array.from(truth);
      },
      close: async () => {},
    };
  };
  return { load, calls };
}

describe('isolate: plain-backdrop fast path', () => {
  it('mattes a subject on a plain backdrop within 0.97 IoU of the truth, without loading the model', async () => {
    const subject = vase(RED);
    const image = await photo(subject, plain);
    const fast = backdropMatte(image);
    expect(fast.ok).toBe(true);
    if (!fast.ok) return;
    expect(iou(fast.mask, subject.truth)).toBeGreaterThan(0.97);
    const model = fakeModel(subject.truth);
    const isolated = await isolateSubject(image, model.load, ON);
    expect(isolated.segmenter).toBe('backdrop');
    expect(model.calls.loaded).toBe(0);
    expect(iou(isolated.mask, subject.truth)).toBeGreaterThan(0.97);
    // Soft only along the outline: the subject's inside is opaque (the texture takes the mask as alpha).
    let inner = 0;
    for (let i = 0; i < subject.truth.length; i++) if (isolated.mask[i] === 1) inner++;
    expect(inner / subject.truth.reduce((a, b) => a + b, 0)).toBeGreaterThan(0.85);
  });

  it('is off by default: the model makes the mask', async () => {
    const subject = vase(RED);
    const model = fakeModel(subject.truth);
    const isolated = await isolateSubject(await photo(subject, plain), model.load);
    expect(isolated.segmenter).toBe('isnet');
    expect(model.calls.segmented).toBe(1);
  });

  it('takes a smoothly lit backdrop too (the fit follows the light)', async () => {
    const subject = vase(RED);
    const fast = backdropMatte(await photo(subject, litGradient));
    expect(fast.ok).toBe(true);
    if (fast.ok) expect(iou(fast.mask, subject.truth)).toBeGreaterThan(0.97);
  });

  it('refuses a busy backdrop, and isolation falls back to the model', async () => {
    const subject = vase(RED);
    const image = await photo(subject, busy);
    const fast = backdropMatte(image);
    expect(fast.ok).toBe(false);
    if (!fast.ok) expect(fast.reason).toBe('busy_backdrop');
    const model = fakeModel(subject.truth);
    const isolated = await isolateSubject(image, model.load, ON);
    expect(isolated.segmenter).toBe('isnet');
    expect(model.calls.segmented).toBe(1);
  });

  it('refuses a subject cut by the frame', async () => {
    const subject = vase(RED, -110);
    const fast = backdropMatte(await photo(subject, plain));
    expect(fast.ok).toBe(false);
    if (!fast.ok) expect(fast.reason).toBe('touches_border');
  });

  it('refuses a backdrop close to the subject’s colour', async () => {
    // A pale grey vase on a light grey backdrop: its lit side is the backdrop's colour, its shade a
    // shadow's; by colour alone part of it would be cut away.
    const subject = vase([250, 250, 246]);
    const image = await photo(subject, plain);
    const fast = backdropMatte(image);
    expect(fast.ok).toBe(false);
    const model = fakeModel(subject.truth);
    expect((await isolateSubject(image, model.load, ON)).segmenter).toBe('isnet');
  });

  it('tells the caller which segmenter made the mask (stats.segmenter)', async () => {
    const subject = vase(RED);
    const rgb = await photo(subject, plain);
    const png = await sharp(rgb.data, { raw: { width: S, height: S, channels: 4 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    const engine = createEngine();
    try {
      const result = await engine.convert(new Uint8Array(png), { topology: 'low', isolate: ON });
      expect(result.stats.isolation).toBe('segmentation');
      expect(result.stats.segmenter).toBe('backdrop');
    } finally {
      await engine.close();
    }
  });
});
