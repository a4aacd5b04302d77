/**
 * Chooses how to separate the subject: the image's own alpha when it is a real cut-out, otherwise the
 * segmentation model. Rejects images with nothing to model (fully transparent, blank, uniform).
 */
import { EngineError } from '../errors.ts';
import type { RgbaImage } from '../types.ts';
import { alphaStats, hasMeaningfulAlpha, maskFromAlpha } from './alpha.ts';
import { BACKDROP_MATTE_DEFAULTS, type BackdropMatteOptions, backdropMatte } from './backdrop-matte.ts';
import { repairHoles } from './holes.ts';
import type { Segmenter } from './segmenter.ts';

export interface IsolatedSubject {
  image: RgbaImage;
  mask: Float32Array;
  method: 'alpha' | 'segmentation';
  /** Which segmenter made a segmentation mask: the plain-backdrop matte or the IS-Net model. */
  segmenter?: 'backdrop' | 'isnet';
}

export interface IsolateOptions {
  /** Smallest subject, as a share of the image, that counts as found. */
  minSubjectShare: number;
  /** Below this luminance standard deviation (0..255) an opaque image is blank. */
  minContrast: number;
  /** The plain-backdrop fast path tried before the model (backdrop-matte.ts; `enabled: false` skips it). */
  backdrop: Partial<BackdropMatteOptions>;
}

const ISOLATE_DEFAULTS: IsolateOptions = {
  minSubjectShare: 0.002,
  minContrast: 2,
  backdrop: BACKDROP_MATTE_DEFAULTS,
};

const NO_SUBJECT =
  'No subject found in the image. Use a photo with one clearly visible object, ideally on a plain background, and try again.';

function contrast(image: RgbaImage): number {
  const d = image.data;
  const n = image.width * image.height;
  const step = Math.max(1, Math.floor(n / 200_000));
  let sum = 0;
  let sum2 = 0;
  let cnt = 0;
  for (let i = 0; i < n; i += step) {
    const l = 0.2126 * d[i * 4] + 0.7152 * d[i * 4 + 1] + 0.0722 * d[i * 4 + 2];
    sum += l;
    sum2 += l * l;
    cnt++;
  }
  const mean = sum / cnt;
  return Math.sqrt(Math.max(0, sum2 / cnt - mean * mean));
}

function subjectShare(mask: Float32Array): number {
  let s = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i] >= 0.5) s++;
  return s / mask.length;
}

export async function isolateSubject(
  image: RgbaImage,
  segmenter: () => Promise<Segmenter>,
  options: Partial<IsolateOptions> = {},
): Promise<IsolatedSubject> {
  const opts = { ...ISOLATE_DEFAULTS, ...options };
  // One count of the alpha channel answers both questions (each is a pass over every pixel).
  const stats = alphaStats(image);
  if (hasMeaningfulAlpha(stats)) {
    if (stats.opaqueShare < opts.minSubjectShare)
      throw new EngineError('no_subject', `isolate: ${NO_SUBJECT} (The image is fully transparent.)`);
    return { image, mask: maskFromAlpha(image), method: 'alpha' };
  }
  if (contrast(image) < opts.minContrast) {
    throw new EngineError('no_subject', `isolate: ${NO_SUBJECT} (The image is blank.)`);
  }
  const backdrop = { ...BACKDROP_MATTE_DEFAULTS, ...options.backdrop };
  // The fast path only answers when its confidence test passes; the model is not even loaded then.
  const fast = backdrop.enabled ? backdropMatte(image, backdrop) : null;
  const mask = fast?.ok ? fast.mask : await (await segmenter()).segment(image);
  // Light parts of the subject the model read as background would become holes through the model. The
  // matte's holes are the backdrop's colour by construction (the test repairHoles makes), and it refuses
  // photos with shadow-coloured parts; skipping it saves ~0.25 s of CPU at 1024².
  if (!fast?.ok) repairHoles(image, mask);
  if (subjectShare(mask) < opts.minSubjectShare)
    throw new EngineError('no_subject', `isolate: ${NO_SUBJECT}`);
  return { image, mask, method: 'segmentation', segmenter: fast?.ok ? 'backdrop' : 'isnet' };
}
