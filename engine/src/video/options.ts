/** Options of `renderTurntable`, their defaults and validation. */
import { availableParallelism } from 'node:os';
import { EngineError } from '../errors.ts';
import { type BackgroundOption, resolveBackground } from '../render/background.ts';

export type Easing = 'linear' | 'ease-in-out';

export interface TurntableOptions {
  /** Frame size in pixels (even numbers: H.264 in yuv420p needs them). */
  width: number;
  height: number;
  fps: number;
  /** Length of the one full turn. */
  seconds: number;
  /** 'linear' turns at constant speed; 'ease-in-out' slows down to rest on the front view at the loop. */
  easing: Easing;
  background: BackgroundOption;
  /** Camera elevation in degrees. */
  elevationDeg: number;
  /** ffmpeg binary; found with `findFfmpeg` when left out. */
  ffmpegPath?: string;
  /** x264 quality (lower = better, bigger). */
  crf: number;
  /** x264 speed preset. */
  preset: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';
  /** Render worker threads; 0 renders on the calling thread (slower: see frame-source.ts). */
  threads: number;
  /** Angle of the poster image, degrees (negative turns the subject's left side into view). */
  posterAngleDeg: number;
  /**
   * Render the poster this many times larger and scale it down (crisper texture detail; 2 costs a second
   * renderer, ~0.5 s of CPU at 720², so the default reuses the frame renderer).
   */
  posterSupersample: number;
  posterFormat: 'webp' | 'png';
  /** Longest side of the thumbnail (WebP). */
  thumbnailSize: number;
  /** When set, the MP4 is written to this file (and still returned). Otherwise a temporary file is used and removed. */
  outPath?: string;
  /** Called with 0…1 as frames are encoded. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export const TURNTABLE_DEFAULTS: TurntableOptions = {
  width: 720,
  height: 720,
  fps: 30,
  seconds: 5,
  easing: 'linear',
  background: 'light',
  elevationDeg: 16,
  crf: 20,
  preset: 'veryfast',
  threads: Math.max(1, Math.min(4, availableParallelism())),
  posterAngleDeg: -32,
  posterSupersample: 1,
  posterFormat: 'webp',
  thumbnailSize: 256,
};

const PRESETS = new Set(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium']);

function bad(message: string): never {
  throw new EngineError('invalid_option', `video: ${message}`);
}

export function resolveTurntableOptions(options: Partial<TurntableOptions>): TurntableOptions {
  // An option given as undefined keeps its default.
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const o: TurntableOptions = { ...TURNTABLE_DEFAULTS, ...given };
  for (const key of ['width', 'height'] as const) {
    const v = o[key];
    if (!Number.isInteger(v) || v < 64 || v > 4096 || v % 2 !== 0) {
      bad(`${key} must be an even whole number from 64 to 4096, got ${v}`);
    }
  }
  if (!(Number.isFinite(o.fps) && o.fps >= 1 && o.fps <= 120)) bad(`fps must be from 1 to 120, got ${o.fps}`);
  if (!(Number.isFinite(o.seconds) && o.seconds >= 0.5 && o.seconds <= 60)) {
    bad(`seconds must be from 0.5 to 60, got ${o.seconds}`);
  }
  if (o.easing !== 'linear' && o.easing !== 'ease-in-out') bad(`easing must be 'linear' or 'ease-in-out'`);
  if (!(Number.isInteger(o.crf) && o.crf >= 0 && o.crf <= 51)) bad(`crf must be a whole number from 0 to 51`);
  if (!PRESETS.has(o.preset)) bad(`preset must be one of ${[...PRESETS].join(', ')}`);
  if (!(Number.isInteger(o.threads) && o.threads >= 0 && o.threads <= 16))
    bad('threads must be from 0 to 16');
  if (!(Number.isInteger(o.posterSupersample) && o.posterSupersample >= 1 && o.posterSupersample <= 3)) {
    bad('posterSupersample must be 1, 2 or 3');
  }
  if (o.posterFormat !== 'webp' && o.posterFormat !== 'png') bad(`posterFormat must be 'webp' or 'png'`);
  if (!(Number.isInteger(o.thumbnailSize) && o.thumbnailSize >= 16 && o.thumbnailSize <= 1024)) {
    bad('thumbnailSize must be from 16 to 1024');
  }
  if (!Number.isFinite(o.posterAngleDeg)) bad('posterAngleDeg must be a number');
  if (!(o.elevationDeg > -30 && o.elevationDeg < 60)) bad('elevationDeg must be between -30 and 60');
  if (o.onProgress !== undefined && typeof o.onProgress !== 'function') bad('onProgress must be a function');
  resolveBackground(o.background);
  return o;
}

/** Angle of frame `i` of `frames`: one full turn, frame `frames` would equal frame 0 (seamless loop). */
export function frameAngle(i: number, frames: number, easing: Easing): number {
  const t = i / frames;
  // Eased: t − sin(2πt)/2π has zero speed at both ends, so the loop joins smoothly at rest.
  const e = easing === 'linear' ? t : t - Math.sin(2 * Math.PI * t) / (2 * Math.PI);
  return 2 * Math.PI * e;
}
