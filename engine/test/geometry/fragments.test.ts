/**
 * Floating fragments: a tail tip cut off from the body ends up joined by a bridge (one solid), a far speck
 * is dropped, and `stats.fragments` says which.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { joinFragments } from '../../src/geometry/fragments.ts';
import { createEngine } from '../../src/index.ts';
import type { RgbaImage } from '../../src/types.ts';
import { cameraFrame } from '../support/frames.ts';
import { listPhotos } from '../support/photos.ts';
import { png } from '../support/synthetic.ts';

const engine = createEngine();
afterAll(() => engine.close());

/** Mesh pieces: vertices connected by triangles, after welding equal positions (the UV seam splits them). */
function meshPieces(positions: Float32Array, indices: Uint32Array): number {
  const ids = new Map<string, number>();
  const id = new Int32Array(positions.length / 3);
  for (let v = 0; v < id.length; v++) {
    const key = `${positions[v * 3]},${positions[v * 3 + 1]},${positions[v * 3 + 2]}`;
    if (!ids.has(key)) ids.set(key, ids.size);
    id[v] = ids.get(key)!;
  }
  const parent = Int32Array.from({ length: ids.size }, (_, i) => i);
  const find = (a: number): number => {
    if (parent[a] !== a) parent[a] = find(parent[a]);
    return parent[a];
  };
  for (let t = 0; t < indices.length; t += 3) {
    const a = find(id[indices[t]]);
    parent[find(id[indices[t + 1]])] = a;
    parent[find(id[indices[t + 2]])] = a;
  }
  return new Set(Array.from(id, (v) => find(v))).size;
}

/** A dark body with a thin tail whose tip is separated from it by a few pixels, and a far speck. */
function tailedFigure(size = 400, speck = true): RgbaImage {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const body = ((x - 170) / 110) ** 2 + ((y - 220) / 140) ** 2 < 1;
      const tail = y > 200 && y < 212 && x > 270 && x < 330;
      const tip = y > 190 && y < 214 && x > 336 && x < 372;
      const dust = speck && Math.hypot(x - 30, y - 30) < 2;
      if (!body && !tail && !tip && !dust) continue;
      data.set([70, 60, 50, 255], (y * size + x) * 4);
    }
  }
  return { width: size, height: size, data };
}

describe('fragments', () => {
  it('joins a near part with a bridge, drops a speck and keeps a big far part, in place', () => {
    const w = 40;
    const h = 20;
    const inside = new Uint8Array(w * h);
    const box = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) inside[y * w + x] = 1;
    };
    box(2, 2, 14, 18); // body, 192 cells
    box(15, 8, 17, 11); // tip, one empty column away
    box(36, 2, 40, 18); // far, 64 cells: another subject
    const report = joinFragments(inside, w, h, { speckShare: 0.01 });
    expect(report).toEqual({ joined: 1, dropped: 0, separate: 1 });
    expect(inside[9 * w + 14]).toBe(1); // the gap is bridged
    const small = new Uint8Array(w * h);
    for (let y = 2; y < 18; y++) for (let x = 2; x < 14; x++) small[y * w + x] = 1;
    small[2 * w + 37] = 1; // a one-cell speck far away
    expect(joinFragments(small, w, h)).toEqual({ joined: 0, dropped: 1, separate: 0 });
    expect(small[2 * w + 37]).toBe(0);
  });

  it('a figure whose tail tip came off is one solid, and stats say the tip was joined', async () => {
    const r = await engine.convert(await png(tailedFigure()), { topology: 'low' });
    expect(r.stats.fragments.joined).toBe(1);
    expect(r.stats.fragments.dropped).toBeGreaterThanOrEqual(1);
    expect(meshPieces(r.mesh.positions, r.mesh.indices)).toBe(1);
    // The tip is still there: the model reaches past the tail's end (x = 372 of a 400 px image).
    let maxX = -Infinity;
    const camera = cameraFrame(r);
    for (let i = 0; i < camera.length; i += 3) maxX = Math.max(maxX, camera[i]);
    const px = r.stats.frame.centrePx[0] + maxX / r.stats.frame.unitsPerPixel;
    expect(px).toBeGreaterThan(360);
  });

  const photo = listPhotos().find((p) => p.endsWith('animal_character.png'));
  it.skipIf(!photo)('a real photo cut in two by a clear strip still gives one solid', async () => {
    const src = sharp(readFileSync(photo!)).ensureAlpha();
    const { data, info } = await src.raw().toBuffer({ resolveWithObject: true });
    // Clear a 4 px band of alpha at a third of the subject's height: the top comes apart from the rest.
    let top = info.height;
    let bottom = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if (data[(y * info.width + x) * 4 + 3] > 127) {
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
      }
    }
    const band = Math.round(top + (bottom - top) / 3);
    for (let y = band; y < band + 4; y++)
      for (let x = 0; x < info.width; x++) data[(y * info.width + x) * 4 + 3] = 0;
    const bytes = await png({ width: info.width, height: info.height, data: new Uint8Array(data) });
    const r = await engine.convert(bytes, { topology: 'low' });
    expect(r.stats.fragments.joined).toBeGreaterThanOrEqual(1);
    expect(meshPieces(r.mesh.positions, r.mesh.indices)).toBe(1);
  });
});
