/**
 * How render workers start.
 *
 * notes
 * - Worker threads do not inherit a TypeScript loader. Loading the worker's .ts modules through tsx in
 *   every worker cost ~0.3 s of CPU per worker plus an esbuild service each (measured 1.8 s wall for two
 *   workers on a busy 2-core machine) — a third of a 5 s video's budget.
 * - So the worker and the renderer are bundled once per process with esbuild (which tsx already brings)
 *   into one CommonJS script, ~60 ms, and every worker evaluates that string: no files, no loader.
 * - If esbuild cannot be loaded, workers fall back to booting through tsx (slower, same result).
 */
import { fileURLToPath } from 'node:url';

export type WorkerCode = { kind: 'script'; code: string } | { kind: 'file'; url: URL };

const BOOT_URL = new URL('./render-worker-boot.mjs', import.meta.url);
let cached: Promise<WorkerCode> | null = null;

export function renderWorkerCode(): Promise<WorkerCode> {
  cached ??= bundle().catch((): WorkerCode => ({ kind: 'file', url: BOOT_URL }));
  return cached;
}

async function bundle(): Promise<WorkerCode> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./render-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return { kind: 'script', code: result.outputFiles[0].text };
}
