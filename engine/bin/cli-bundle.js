/**
 * The img3d CLI as one prebuilt ES module, so a cold call compiles no TypeScript.
 *
 * notes
 * - Through tsx a cold `img3d photo.png` spent about a third of its CPU compiling the engine's ~110
 *   sources (tsx's esbuild service, its loader hooks, the module graph). The bundle is the same sources
 *   compiled once by esbuild (which tsx already brings), the npm packages left as imports.
 * - It is built on first use and kept in node_modules/.cache/img3d with the size and mtime of every
 *   source it was made from; each call checks those (~110 stats, about a millisecond) and rebuilds when
 *   one changed, so an edited checkout never runs stale code. Building costs ~0.4 s of CPU, once.
 * - It lives beside node_modules so the packages, and `createRequire(import.meta.url)` in the engine,
 *   resolve exactly as they do from the sources.
 * - Written to a temporary name and renamed: two img3d calls building at once each see a whole file.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENGINE = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = join(ENGINE, 'src/cli/run.ts');

/**
 * Where the bundle is kept. IMG3D_CACHE_DIR moves it (tests use a fresh directory); it must lie inside the
 * checkout, below its node_modules, for the bundle's package imports to resolve.
 */
function cacheDir() {
  return process.env.IMG3D_CACHE_DIR || join(ENGINE, 'node_modules/.cache/img3d');
}

/** The bundle's file URL when it exists and every source it was built from is unchanged. */
function freshBundle(dir = cacheDir()) {
  let record;
  try {
    record = JSON.parse(readFileSync(join(dir, 'inputs.json'), 'utf8'));
    for (const [path, [size, mtimeMs]] of Object.entries(record.inputs)) {
      const s = statSync(path);
      if (s.size !== size || s.mtimeMs !== mtimeMs) return null;
    }
    statSync(join(dir, record.bundle));
  } catch {
    return null; // no bundle yet, or a source is gone: build again
  }
  return pathToFileURL(join(dir, record.bundle)).href;
}

/** Builds the bundle; null when esbuild is missing or the sources do not build (tsx then reports why). */
async function buildBundle(dir = cacheDir()) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return null;
  }
  const result = await esbuild
    .build({
      entryPoints: [ENTRY],
      absWorkingDir: ENGINE,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [
        {
          name: 'packages-stay-imports',
          setup(build) {
            // npm packages load from node_modules at run time; the workspace's own (@lift3d/*) are
            // TypeScript sources and are compiled in.
            build.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@lift3d/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    })
    .catch(() => null);
  if (!result) return null;
  const inputs = {};
  for (const rel of Object.keys(result.metafile.inputs)) {
    const path = resolve(ENGINE, rel);
    const s = statSync(path);
    inputs[path] = [s.size, s.mtimeMs];
  }
  mkdirSync(dir, { recursive: true });
  const code = result.outputFiles[0].contents;
  // Named by content: the same sources give the same file, whichever call built it.
  const bundle = `cli-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const tmp = `.${process.pid}-${Date.now()}`;
  writeFileSync(join(dir, bundle + tmp), code);
  renameSync(join(dir, bundle + tmp), join(dir, bundle));
  writeFileSync(join(dir, `inputs.json${tmp}`), JSON.stringify({ bundle, inputs }));
  renameSync(join(dir, `inputs.json${tmp}`), join(dir, 'inputs.json'));
  prune(dir, bundle);
  return pathToFileURL(join(dir, bundle)).href;
}

/** Drops bundles of older sources once no call can still be about to load them (a minute on). */
function prune(dir, keep) {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    if (name === keep || !name.startsWith('cli-')) continue;
    const path = join(dir, name);
    if (now - statSync(path).mtimeMs > 60_000) rmSync(path, { force: true });
  }
}

/** The bundle to run: the kept one if fresh, else a new one; null to run through tsx. */
export async function cliBundle() {
  return freshBundle() ?? (await buildBundle());
}
