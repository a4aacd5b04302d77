import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeImage } from '../../src/decode/decode.ts';
import { createIsnetSegmenter, loadIsnetModel } from '../../src/isolate/isnet.ts';
import { cachedGraph, graphCacheName, ISNET_REWRITE_VERSION } from '../../src/isolate/isnet-cache.ts';
import { dequantizeIsnetGraph } from '../../src/isolate/isnet-float.ts';
import { resizeIsnetGraph } from '../../src/isolate/isnet-resolution.ts';
import { quantizeIsnetGraphStatic } from '../../src/isolate/isnet-static.ts';
import { figure, onBackground, png } from '../support/synthetic.ts';

/**
 * The rewritten graphs' digests at ISNET_REWRITE_VERSION. A change to the rewrite that changes its bytes
 * must bump the version (so engines do not load a graph cached by the old code) and record the new digests.
 */
const PINNED = {
  version: 1,
  static: '95a7c32768ef991ccca4c7572e9fecf2dc48c8fe5cc2dd0d08291188c38f3473',
  float: '5bbcd5958a4adc8a006051fb38a6f14c6230cf19cf716546bcae195e9ebaad26',
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const dirs: string[] = [];
async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lift3d-graph-cache-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('isolate: the rewritten segmentation graph kept on disk', () => {
  it('builds once, then reads the same bytes; other inputs name another file', async () => {
    const dir = await freshDir();
    let builds = 0;
    const build = async () => {
      builds++;
      return new Uint8Array([1, 2, 3, builds]);
    };
    const first = await cachedGraph(['small', 'static', '512'], build, { dir });
    expect(first).toEqual({ bytes: new Uint8Array([1, 2, 3, 1]), cache: 'written' });
    const again = await cachedGraph(['small', 'static', '512'], build, { dir });
    // Read back as a Buffer (a Uint8Array, not copied): compare the bytes.
    expect({ ...again, bytes: [...again.bytes] }).toEqual({ bytes: [1, 2, 3, 1], cache: 'hit' });
    expect(builds).toBe(1);
    // Any part of the key changes the name; parts are length-prefixed, so a split cannot collide.
    expect(graphCacheName(['small', 'static', '448'])).not.toBe(graphCacheName(['small', 'static', '512']));
    expect(graphCacheName(['ab', 'c'])).not.toBe(graphCacheName(['a', 'bc']));
    const other = await cachedGraph(['small', 'static', '448'], build, { dir });
    expect(other.cache).toBe('written');
    expect(builds).toBe(2);
    // Only whole files are left: the temporary names were renamed.
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('rewrites at every start when off, and still works where the cache cannot be written', async () => {
    let builds = 0;
    const build = async () => new Uint8Array([++builds]);
    expect(await cachedGraph(['x'], build, {})).toEqual({ bytes: new Uint8Array([1]), cache: 'off' });
    expect(await cachedGraph(['x'], build, {})).toEqual({ bytes: new Uint8Array([2]), cache: 'off' });
    // sysfs refuses new directories, even to root.
    const readOnly = await cachedGraph(['x'], build, { dir: '/sys/lift3d-graph-cache' });
    expect(readOnly).toEqual({ bytes: new Uint8Array([3]), cache: 'unwritable' });
  });

  it('an empty file left in its place is rebuilt, not loaded', async () => {
    const dir = await freshDir();
    await writeFile(join(dir, graphCacheName(['y'])), new Uint8Array());
    const result = await cachedGraph(['y'], async () => new Uint8Array([7]), { dir });
    expect(result).toEqual({ bytes: new Uint8Array([7]), cache: 'written' });
  });

  it(`pins the rewrites' bytes to ISNET_REWRITE_VERSION ${ISNET_REWRITE_VERSION}`, async () => {
    const shipped = await loadIsnetModel('small');
    const digests = {
      static: sha256(resizeIsnetGraph(quantizeIsnetGraphStatic(shipped), 512)),
      float: sha256(resizeIsnetGraph(dequantizeIsnetGraph(shipped), 512)),
    };
    // On a mismatch: the rewrite changed. Bump ISNET_REWRITE_VERSION and record the new digests here.
    expect({ version: ISNET_REWRITE_VERSION, ...digests }).toEqual(PINNED);
  });

  it('a segmenter started from the cache gives the mask of one that rewrote the graph itself', async () => {
    const dir = await freshDir();
    const photo = await decodeImage(await onBackground(await png(figure(320)), 'plain', 'jpeg'));
    const masks: Float32Array[] = [];
    const outcomes: (string | undefined)[] = [];
    for (const cacheDir of [false, dir, dir] as const) {
      const segmenter = await createIsnetSegmenter({ cacheDir });
      try {
        outcomes.push(segmenter.graphCache);
        masks.push(await segmenter.segment(photo));
      } finally {
        await segmenter.close();
      }
    }
    expect(outcomes).toEqual(['off', 'written', 'hit']);
    expect(masks[1]).toEqual(masks[0]);
    expect(masks[2]).toEqual(masks[0]);
    // The file holds the static graph at 512², the default's.
    const [file] = await readdir(dir);
    expect(sha256(await readFile(join(dir, file)))).toBe(PINNED.static);
  });
});
