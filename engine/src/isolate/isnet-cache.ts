/**
 * The rewritten segmentation graph kept on disk. Rewriting the shipped `small` IS-Net (quantising it
 * statically, then resizing its input) cost each engine start ~1.2 s of CPU on this 2-core machine (read
 * the package's chunks 0.35–0.45 s, rewrite 0.64–0.84 s, resize 0.15–0.23 s), more than the session
 * itself (0.22–0.35 s). With the graph cached, a start reads one 44 MB file.
 *
 * The file's name is a digest of everything its bytes follow from: the shipped model (the package's chunk
 * hashes), the precision, the resolution, the calibration table and ISNET_REWRITE_VERSION, which must
 * change whenever the rewrite's code does (a test pins the rewrite's output digest to that version).
 * A file is written under a temporary name and renamed, so a reader sees a whole graph or none; engines
 * starting together may both write it, and the last rename wins with the same bytes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Bump when isnet-static.ts, isnet-float.ts, isnet-resolution.ts or onnx-graph.ts change their output. */
export const ISNET_REWRITE_VERSION = 1;

export interface GraphCacheOptions {
  /** Directory for the files; undefined: no cache (every start rewrites). */
  dir?: string;
}

export type GraphCacheOutcome = 'hit' | 'written' | 'off' | 'unwritable';

export interface CachedGraph {
  bytes: Uint8Array;
  cache: GraphCacheOutcome;
}

/** The cache file's name for a graph derived from `parts` (strings that fix its bytes). */
export function graphCacheName(parts: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(`isnet-rewrite-${ISNET_REWRITE_VERSION}\n`);
  for (const part of parts) hash.update(`${part.length}:${part}\n`);
  return `isnet-${hash.digest('hex').slice(0, 32)}.onnx`;
}

/**
 * The graph named by `parts`: read from the cache, or built and written there. A cache that cannot be
 * written (a read-only install) costs only the rewrite; the outcome says which happened (the segmenter's
 * `graphCache`).
 */
export async function cachedGraph(
  parts: readonly string[],
  build: () => Promise<Uint8Array>,
  options: GraphCacheOptions,
): Promise<CachedGraph> {
  if (!options.dir) return { bytes: await build(), cache: 'off' };
  const file = join(options.dir, graphCacheName(parts));
  const cached = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  // A Buffer is a Uint8Array: no 44 MB copy on the engine's start.
  if (cached && cached.length > 0) return { bytes: cached, cache: 'hit' };
  const bytes = await build();
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(options.dir, { recursive: true });
    await writeFile(temporary, bytes);
    await rename(temporary, file);
    return { bytes, cache: 'written' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await rm(temporary, { force: true });
    if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM' || code === 'ENOSPC')
      return { bytes, cache: 'unwritable' };
    throw error;
  }
}
