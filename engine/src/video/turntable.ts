/**
 * The turntable job: one full turn of the model rendered on the CPU and encoded to an H.264 MP4 while it
 * renders, plus a poster and a thumbnail.
 *
 * Frames flow through a small ring of shared-memory slots (2 per render thread + 1): a slot is rendered
 * by a worker, written to ffmpeg's stdin, and reused once ffmpeg has taken it. Memory stays constant whatever
 * the length of the video.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineError } from '../errors.ts';
import { validateModel } from '../render/validate.ts';
import type { TexturedModel } from '../types.ts';
import { startEncoder } from './encoder.ts';
import { requireFfmpeg } from './ffmpeg.ts';
import { openFrameSource } from './frame-source.ts';
import { frameAngle, resolveTurntableOptions, type TurntableOptions } from './options.ts';
import { encodeStills } from './poster.ts';

export interface TurntableStats {
  frames: number;
  /** Render threads used (0 = the calling thread). */
  threads: number;
  /** Frames per second of one render thread (time inside the renderer only). */
  renderFps: number;
  /** Frames per second of the whole job: setup, rendering, encoding, poster. */
  totalFps: number;
  /** Wall-clock seconds of the whole job. */
  seconds: number;
  /** Seconds spent before the first frame could be rendered (workers, renderer setup). */
  setupSeconds: number;
}

export interface TurntableResult {
  mp4: Uint8Array;
  poster: Uint8Array;
  posterMime: 'image/webp' | 'image/png';
  /** WebP. */
  thumbnail: Uint8Array;
  width: number;
  height: number;
  stats: TurntableStats;
}

export async function renderTurntable(
  model: TexturedModel,
  options: Partial<TurntableOptions> = {},
): Promise<TurntableResult> {
  const t0 = performance.now();
  const o = resolveTurntableOptions(options);
  validateModel(model);
  const ffmpeg = requireFfmpeg({ path: o.ffmpegPath });
  const frames = Math.max(2, Math.round(o.fps * o.seconds));
  const { width, height } = o;
  const signal = o.signal;
  const checkAbort = () => {
    if (signal?.aborted) throw new EngineError('internal', 'video: rendering was cancelled');
  };
  checkAbort();

  const tmp = o.outPath ? null : await mkdtemp(join(tmpdir(), 'lift3d-video-'));
  const outPath = o.outPath ?? join(tmp!, 'turntable.mp4');
  const renderOptions = { width, height, background: o.background, elevationDeg: o.elevationDeg };
  let source: Awaited<ReturnType<typeof openFrameSource>> | null = null;
  let encoder: ReturnType<typeof startEncoder> | null = null;
  try {
    const ring = Math.max(2, Math.max(1, o.threads) * 2 + 1);
    const slots = Array.from(
      { length: ring },
      () => new Uint8Array(new SharedArrayBuffer(width * height * 4)),
    );
    source = await openFrameSource(model, renderOptions, o.threads, slots);
    const setupSeconds = (performance.now() - t0) / 1000;
    checkAbort();
    encoder = startEncoder({
      ffmpegPath: ffmpeg.path,
      width,
      height,
      fps: o.fps,
      crf: o.crf,
      preset: o.preset,
      outPath,
    });

    const free: number[] = slots.map((_, i) => i);
    const inOrder: Promise<number>[] = [];
    let next = 0;
    let still: Promise<Uint8Array> | null = null;
    const ss = o.posterSupersample;
    const posterAngle = (o.posterAngleDeg * Math.PI) / 180;
    for (let written = 0; written < frames; written++) {
      while (next < frames && free.length > 0) {
        inOrder.push(source.render(next, frameAngle(next, frames, o.easing), free.pop()!));
        next++;
      }
      // Once every frame is on its way, the poster renders while the last ones encode.
      if (next === frames && !still) {
        still = source.still(posterAngle, width * ss, height * ss);
        still.catch(() => {}); // awaited below; avoid an unhandled rejection if a frame fails first
      }
      const slot = await inOrder.shift()!;
      checkAbort();
      await encoder.write(slots[slot]);
      free.push(slot);
      o.onProgress?.(((written + 1) / frames) * 0.95);
    }
    await encoder.finish();
    const stillRgba = await still!;
    const images = await encodeStills(
      stillRgba,
      { width, height, sourceWidth: width * ss, sourceHeight: height * ss },
      { format: o.posterFormat, thumbnailSize: o.thumbnailSize },
    );
    const mp4 = new Uint8Array(await readFile(outPath));
    const seconds = (performance.now() - t0) / 1000;
    const renderMs = source.renderMs();
    o.onProgress?.(1);
    return {
      mp4,
      poster: images.poster,
      posterMime: images.posterMime,
      thumbnail: images.thumbnail,
      width,
      height,
      stats: {
        frames,
        threads: source.threads,
        renderFps: renderMs > 0 ? (frames * 1000) / renderMs : 0,
        totalFps: frames / seconds,
        seconds,
        setupSeconds,
      },
    };
  } catch (err) {
    await encoder?.abort();
    // A half-written MP4 at the caller's path would look like a result.
    if (o.outPath) await rm(o.outPath, { force: true });
    throw err;
  } finally {
    await source?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}
