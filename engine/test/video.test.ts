import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../src/errors.ts';
import {
  findFfmpeg,
  renderPoster,
  renderTurntable,
  TURNTABLE_DEFAULTS,
  type TurntableResult,
} from '../src/video/index.ts';
import { figureModel } from './render-models.ts';

const ffmpeg = findFfmpeg();
const ffprobe = ffmpeg?.path.replace(/ffmpeg$/, 'ffprobe') ?? 'ffprobe';
const dir = mkdtempSync(join(tmpdir(), 'lift3d-video-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function probe(file: string): Record<string, string | number> {
  const out = execFileSync(
    ffprobe,
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-count_frames',
      '-show_entries',
      'stream=codec_name,width,height,pix_fmt,nb_read_frames,r_frame_rate:format=duration',
      '-of',
      'json',
      file,
    ],
    { encoding: 'utf8' },
  );
  const json = JSON.parse(out) as {
    streams: Record<string, string | number>[];
    format: { duration: string };
  };
  return { ...json.streams[0], duration: Number(json.format.duration) };
}

/** Decodes every frame at size×size RGB. */
function decodeFrames(file: string, size: number): Uint8Array[] {
  const raw = execFileSync(
    ffmpeg!.path,
    [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      `scale=${size}:${size}:flags=area`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const n = size * size * 3;
  return Array.from(
    { length: raw.length / n },
    (_, i) => new Uint8Array(raw.buffer, raw.byteOffset + i * n, n),
  );
}

const meanAbsDiff = (a: Uint8Array, b: Uint8Array) => {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs(a[i] - b[i]);
  return d / a.length;
};

/** Share of pixels clearly coloured (the figure is orange/blue/beige on a grey backdrop). */
const coloured = (rgb: Uint8Array) => {
  let n = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    if (Math.max(rgb[i], rgb[i + 1], rgb[i + 2]) - Math.min(rgb[i], rgb[i + 1], rgb[i + 2]) > 45) n++;
  }
  return n / (rgb.length / 3);
};

describe.skipIf(!ffmpeg)('video: default turntable (720×720, 30 fps, 5 s)', () => {
  let result: TurntableResult;
  const file = join(dir, 'default.mp4');
  const progress: number[] = [];

  beforeAll(async () => {
    result = await renderTurntable(figureModel(20_000), {
      outPath: file,
      onProgress: (f) => progress.push(f),
    });
  });

  it('is an H.264 yuv420p MP4 of 150 frames at 720×720 that browsers can stream', () => {
    expect(TURNTABLE_DEFAULTS).toMatchObject({ width: 720, height: 720, fps: 30, seconds: 5 });
    const info = probe(file);
    expect(info).toMatchObject({ codec_name: 'h264', width: 720, height: 720, pix_fmt: 'yuv420p' });
    expect(Number(info.nb_read_frames)).toBe(150);
    expect(info.r_frame_rate).toBe('30/1');
    expect(info.duration).toBeCloseTo(5, 1);
    // +faststart: the index (moov) comes before the media data (mdat).
    const bytes = readFileSync(file);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(Buffer.from(result.mp4).equals(bytes)).toBe(true);
    expect(result.stats.frames).toBe(150);
    expect(result.stats.renderFps).toBeGreaterThan(0);
    expect(result.stats.totalFps).toBeGreaterThan(0);
  });

  it('turns: every frame differs from the previous one, and the last leads back into the first', () => {
    const frames = decodeFrames(file, 180);
    expect(frames).toHaveLength(150);
    const steps = frames.slice(1).map((f, i) => meanAbsDiff(frames[i], f));
    expect(Math.min(...steps)).toBeGreaterThan(0.3);
    const wrap = meanAbsDiff(frames[149], frames[0]);
    const typical = steps.reduce((a, b) => a + b, 0) / steps.length;
    // The step from the last frame to the first is an ordinary step, not a jump…
    expect(wrap).toBeLessThan(typical * 2);
    // …and the first and last frames are far more alike than the first and the side view.
    expect(meanAbsDiff(frames[0], frames[149])).toBeLessThan(meanAbsDiff(frames[0], frames[37]) / 4);
    for (const i of [0, 37, 75, 112]) {
      const share = coloured(frames[i]);
      expect(share).toBeGreaterThan(0.08);
      expect(share).toBeLessThan(0.6);
    }
  });

  it('comes with a poster and a thumbnail that show the subject', async () => {
    expect(result.posterMime).toBe('image/webp');
    const poster = sharp(result.poster);
    expect(await poster.metadata()).toMatchObject({ format: 'webp', width: 720, height: 720 });
    const { data } = await poster.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(coloured(new Uint8Array(data))).toBeGreaterThan(0.08);
    const stats = await sharp(result.poster).stats();
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(20);
    expect(await sharp(result.thumbnail).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
  });

  it('reports progress up to 1', () => {
    expect(progress.length).toBeGreaterThan(100);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1])).toBe(true);
    expect(progress.at(-1)).toBe(1);
  });
});

describe.skipIf(!ffmpeg)('video: options', () => {
  const small = figureModel(3000, 256);

  it('eases into a loop that rests on the front, rendering on the calling thread', async () => {
    const file = join(dir, 'eased.mp4');
    const r = await renderTurntable(small, {
      width: 160,
      height: 160,
      seconds: 1,
      easing: 'ease-in-out',
      threads: 0,
      outPath: file,
      posterFormat: 'png',
      posterSupersample: 2,
      thumbnailSize: 64,
    });
    expect(r.stats).toMatchObject({ frames: 30, threads: 0 });
    expect(probe(file)).toMatchObject({ width: 160, height: 160, nb_read_frames: '30' });
    const frames = decodeFrames(file, 160);
    // Last and first frames show the same pose (what remains is codec noise); frame 10 is turned ≈70°.
    expect(meanAbsDiff(frames[0], frames[29])).toBeLessThan(meanAbsDiff(frames[0], frames[10]) / 3);
    expect(meanAbsDiff(frames[14], frames[15])).toBeGreaterThan(meanAbsDiff(frames[0], frames[1]) * 3);
    expect(r.posterMime).toBe('image/png');
    expect(await sharp(r.poster).metadata()).toMatchObject({ format: 'png', width: 160, height: 160 });
    expect((await sharp(r.thumbnail).metadata()).width).toBe(64);
  });

  it('renders a supersampled poster in a worker thread', async () => {
    const r = await renderTurntable(small, {
      width: 128,
      height: 128,
      seconds: 0.5,
      threads: 1,
      posterSupersample: 2,
    });
    expect(r.stats).toMatchObject({ frames: 15, threads: 1 });
    const { data, info } = await sharp(r.poster).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 128, height: 128 });
    expect(coloured(new Uint8Array(data.filter((_, i) => i % info.channels < 3)))).toBeGreaterThan(0.08);
  });

  it('makes a poster and thumbnail without a video (no ffmpeg needed)', async () => {
    const r = await renderPoster(small, { width: 200, height: 200, ffmpegPath: join(dir, 'no-ffmpeg') });
    expect(r.posterMime).toBe('image/webp');
    const { data, info } = await sharp(r.poster).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 200, height: 200 });
    expect(coloured(new Uint8Array(data))).toBeGreaterThan(0.08);
    // The thumbnail is never larger than the poster.
    expect(await sharp(r.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 200, height: 200 });
  });

  it('says how to install ffmpeg when it is missing', async () => {
    const err = await renderTurntable(small, {
      ffmpegPath: join(dir, 'no-ffmpeg'),
      width: 64,
      height: 64,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err.message).toMatch(/^video: ffmpeg not found .*apt-get install ffmpeg/);
    expect(findFfmpeg({ path: join(dir, 'no-ffmpeg') })).toBeNull();
    expect(ffmpeg).toMatchObject({ h264: true });
    expect(ffmpeg!.version).toMatch(/\d/);
  });

  it('rejects bad options and models before starting ffmpeg', async () => {
    await expect(renderTurntable(small, { width: 721 })).rejects.toThrow(/video: width must be an even/);
    await expect(renderTurntable(small, { fps: 0 })).rejects.toThrow(/video: fps/);
    await expect(renderTurntable(small, { easing: 'bounce' as never })).rejects.toThrow(/video: easing/);
    const broken = { ...small, mesh: { ...small.mesh, uvs: new Float32Array(2) } };
    await expect(renderTurntable(broken)).rejects.toThrow(/render: mesh.uvs/);
  });

  it('stops when cancelled and leaves no file behind', async () => {
    const controller = new AbortController();
    const file = join(dir, 'cancelled.mp4');
    const err = await renderTurntable(small, {
      width: 128,
      height: 128,
      outPath: file,
      signal: controller.signal,
      onProgress: (f) => {
        if (f > 0.2) controller.abort();
      },
    }).catch((e) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err.message).toMatch(/video: rendering was cancelled/);
    expect(existsSync(file)).toBe(false);
  });
});
