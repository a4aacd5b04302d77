/**
 * The files of one finished generation, made by the real engine (in the engine process the worker runs)
 * from `public/samples/demo-1.png` at low topology as a video job: every download format, the poster, the
 * thumbnail and the turntable MP4. Tests about pages, downloads and shares seed generations from these
 * (finished-generation.ts) instead of converting again.
 *
 * Made once and cached in node_modules/.cache/lift3d-test/finished-<hash>, the hash covering the engine's
 * sources, the worker's conversion code and the photo, so an engine change makes new files. Test processes
 * share it: a lock makes the first one convert while the others wait for its folder.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { createEngineRunner } from '../../src/convert/engine-runner.ts';
import type { ProducedFile } from '../../src/convert/protocol.ts';
import { repoRoot } from './generation-harness.ts';

const FINISHED_FIXTURE_DEFAULTS = {
  photo: 'public/samples/demo-1.png',
  /** What the fixture's hash covers: a change in any of these makes new files. */
  sources: ['engine/src', 'engine/package.json', 'worker/src/convert', 'public/samples/demo-1.png'],
  cacheDir: join(repoRoot, 'node_modules/.cache/lift3d-test'),
  /** A builder holding the lock this long has died (a loaded machine converts in well under this). */
  staleLockMs: 10 * 60_000,
  /** Stem of the file names inside the fixture; seeding renames them as the worker names a generation's. */
  stem: 'lift3d-fixture',
};

type FixtureRole = ProducedFile['role'];

interface FixtureFile {
  role: FixtureRole;
  /** File name in the fixture folder (stem `lift3d-fixture`). */
  name: string;
  contentType: string;
}

export interface FinishedFixture {
  dir: string;
  files: FixtureFile[];
  /** The photo the files were made from (also what seeded generations store as their upload). */
  photo: string;
}

function hashSources(): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    const full = join(repoRoot, path);
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full).sort()) add(join(path, entry));
      return;
    }
    hash.update(`${path}\0`).update(readFileSync(full)).update('\0');
  };
  for (const source of FINISHED_FIXTURE_DEFAULTS.sources) add(source);
  return hash.digest('hex').slice(0, 16);
}

let made: Promise<FinishedFixture> | null = null;

/** The cached fixture, made by the real engine first if this engine has none yet. */
export function finishedFixture(): Promise<FinishedFixture> {
  made ??= build();
  made.catch(() => {
    made = null;
  });
  return made;
}

function read(dir: string): FinishedFixture {
  const files = JSON.parse(readFileSync(join(dir, 'files.json'), 'utf8')) as FixtureFile[];
  return { dir, files, photo: join(repoRoot, FINISHED_FIXTURE_DEFAULTS.photo) };
}

async function build(): Promise<FinishedFixture> {
  const { cacheDir, staleLockMs } = FINISHED_FIXTURE_DEFAULTS;
  const dir = join(cacheDir, `finished-${hashSources()}`);
  const lock = `${dir}.lock`;
  mkdirSync(cacheDir, { recursive: true });
  for (;;) {
    if (existsSync(join(dir, 'files.json'))) return read(dir);
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another process converts: wait for its folder, or take over a lock its builder left behind.
      if (Date.now() - lockTime(lock) > staleLockMs) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (existsSync(join(dir, 'files.json'))) return read(dir);
    const produced = await convertOnce();
    // Written whole under another name, then renamed: a reader never sees half a folder.
    const partial = `${dir}.${randomBytes(4).toString('hex')}`;
    mkdirSync(partial);
    const files: FixtureFile[] = [];
    for (const file of produced) {
      writeFileSync(join(partial, file.name), file.data);
      files.push({ role: file.role, name: file.name, contentType: file.contentType });
    }
    writeFileSync(join(partial, 'files.json'), JSON.stringify(files, null, 2));
    renameSync(partial, dir);
    // Fixtures of older engines are never read again.
    for (const other of readdirSync(cacheDir)) {
      if (/^finished-[0-9a-f]{16}$/.test(other) && join(cacheDir, other) !== dir) {
        rmSync(join(cacheDir, other), { recursive: true, force: true });
      }
    }
    return read(dir);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function convertOnce(): Promise<ProducedFile[]> {
  const engine = createEngineRunner();
  // The runner unrefs its process (a worker's own loop keeps it alive); a caller may have nothing else running.
  const keepAlive = setInterval(() => {}, 1000);
  try {
    const input = new Uint8Array(readFileSync(join(repoRoot, FINISHED_FIXTURE_DEFAULTS.photo)));
    const run = engine.run(
      {
        input,
        views: {},
        topology: 'low',
        kind: 'video',
        baseName: FINISHED_FIXTURE_DEFAULTS.stem,
        renderThreads: 1,
      },
      () => {},
    );
    return (await run.result).files;
  } finally {
    clearInterval(keepAlive);
    await engine.close();
  }
}

function lockTime(lock: string): number {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return Date.now();
  }
}
