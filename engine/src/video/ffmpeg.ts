/**
 * Finding ffmpeg: Debian's package on PATH first (current, has libx264), then the static binary that
 * the optional npm package @ffmpeg-installer/ffmpeg ships. Probed once per path (spawning `ffmpeg
 * -version` costs ~30 ms) and cached.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { EngineError } from '../errors.ts';

export interface FfmpegInfo {
  path: string;
  /** e.g. "5.1.9-0+deb12u1". */
  version: string;
  /** Where it was found. */
  source: 'option' | 'path' | '@ffmpeg-installer/ffmpeg';
  /** Whether it can encode H.264 (libx264). */
  h264: boolean;
}

export const FFMPEG_MISSING =
  'video: ffmpeg not found — install it with `apt-get install ffmpeg` (or `npm install @ffmpeg-installer/ffmpeg`), or pass ffmpegPath';

const cache = new Map<string, FfmpegInfo | null>();

/** Runs `ffmpeg -version`; null when the file is not a working ffmpeg. */
function probe(path: string, source: FfmpegInfo['source']): FfmpegInfo | null {
  const key = `${source}:${path}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  let info: FfmpegInfo | null = null;
  const version = spawnSync(path, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
  if (version.status === 0) {
    const m = /ffmpeg version (\S+)/.exec(version.stdout);
    // The build configuration printed by -version lists --enable-libx264 (one spawn instead of two).
    info = { path, version: m ? m[1] : 'unknown', source, h264: /--enable-libx264\b/.test(version.stdout) };
  }
  cache.set(key, info);
  return info;
}

/** Absolute path of the `ffmpeg` the OS finds on PATH (the shell does the lookup; no env reading here). */
function onPath(): string | null {
  const r = spawnSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8', timeout: 5_000 });
  const found = r.status === 0 ? r.stdout.trim() : '';
  return found.startsWith('/') ? found : null;
}

function fromInstallerPackage(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require('@ffmpeg-installer/ffmpeg') as { path?: unknown };
    return typeof pkg.path === 'string' ? pkg.path : null;
  } catch {
    return null; // optional package not installed
  }
}

export interface FindFfmpegOptions {
  /** Use exactly this binary (no search). */
  path?: string;
}

/** The ffmpeg to use, or null when there is none. */
export function findFfmpeg(options: FindFfmpegOptions = {}): FfmpegInfo | null {
  if (options.path) return probe(options.path, 'option');
  const candidates: [string | null, FfmpegInfo['source']][] = [
    [onPath(), 'path'],
    [fromInstallerPackage(), '@ffmpeg-installer/ffmpeg'],
  ];
  let fallback: FfmpegInfo | null = null;
  for (const [path, source] of candidates) {
    if (!path) continue;
    const info = probe(path, source);
    if (info?.h264) return info;
    fallback ??= info;
  }
  return fallback;
}

/** Like `findFfmpeg`, but throws a message that says how to fix it. */
export function requireFfmpeg(options: FindFfmpegOptions = {}): FfmpegInfo {
  const info = findFfmpeg(options);
  if (!info) {
    const message = options.path
      ? `video: ffmpeg not found at '${options.path}' (or it does not run) — fix ffmpegPath or install ffmpeg with \`apt-get install ffmpeg\``
      : FFMPEG_MISSING;
    throw new EngineError('model_unavailable', message);
  }
  if (!info.h264) {
    throw new EngineError(
      'model_unavailable',
      `video: the ffmpeg at '${info.path}' cannot encode H.264 (no libx264) — install Debian's ffmpeg with \`apt-get install ffmpeg\``,
    );
  }
  return info;
}
