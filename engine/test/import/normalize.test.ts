/** A service's GLB brought to our convention: frame, topology, texture, and a printable closed solid. */
import { describe, expect, it } from 'vitest';
import { EngineError, exportModel, normalizeSourceModel } from '../../src/index.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { makeSourceGlb, vaseRadius } from '../support/source-glb.ts';

function bounds(p: Float32Array) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    min[i % 3] = Math.min(min[i % 3], p[i]);
    max[i % 3] = Math.max(max[i % 3], p[i]);
  }
  return { min, max };
}

/** Largest distance of any vertex from the vase surface of height 1 centred at the origin. */
function worstDeviation(p: Float32Array): number {
  let worst = 0;
  for (let i = 0; i < p.length; i += 3) {
    const t = p[i + 1]; // standing on y = 0, 1 unit tall
    const r = Math.hypot(p[i], p[i + 2]);
    // Inside the caps a vertex lies on the cap disc; elsewhere on the lathed wall (scaled to height 1).
    const onCap = Math.abs(t) < 1e-3 || Math.abs(t - 1) < 1e-3;
    const d = onCap
      ? Math.max(0, r - vaseRadius(Math.min(1, Math.max(0, t))))
      : Math.abs(r - vaseRadius(Math.min(1, Math.max(0, t))));
    worst = Math.max(worst, d);
  }
  return worst;
}

async function expectError(promise: Promise<unknown>, pattern: RegExp) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).code).toBe('corrupt_model');
  expect((error as Error).message).toMatch(pattern);
}

describe('normalizeSourceModel', () => {
  it('stands +Y up on y = 0, centred, 1 unit tall, keeps the shape and the texture, and welds a closed STL solid', async () => {
    const { model, printable, stats } = await normalizeSourceModel(await makeSourceGlb(), {
      topology: 'low',
    });
    const b = bounds(model.mesh.positions);
    expect(b.max[1] - b.min[1]).toBeCloseTo(1, 5);
    // On the floor (y = 0), centred over the origin: the engine's own models' frame.
    expect(Math.abs(b.min[1])).toBeLessThan(1e-5);
    for (const a of [0, 2]) expect(Math.abs(b.max[a] + b.min[a]) / 2).toBeLessThan(1e-5);
    expect(worstDeviation(model.mesh.positions)).toBeLessThan(0.02);
    expect(stats.printableFrom).toBe('welded');
    const check = checkManifold(weld(printable.mesh.positions, printable.mesh.indices));
    expect(check).toMatchObject({ badEdges: 0, flippedEdges: 0, nonManifoldVertices: 0, degenerate: 0 });
    expect(check.volume).toBeGreaterThan(0);
    // Both texture colours survive and the UVs still reach both halves.
    const tex = model.texture;
    let blue = 0;
    let orange = 0;
    for (let i = 0; i < tex.data.length; i += 4) {
      if (tex.data[i + 2] > 150 && tex.data[i] < 80) blue++;
      if (tex.data[i] > 200 && tex.data[i + 2] < 80) orange++;
    }
    expect(blue).toBeGreaterThan(0);
    expect(orange).toBeGreaterThan(0);
    const v = model.mesh.uvs;
    const vs = Array.from({ length: v.length / 2 }, (_, i) => v[i * 2 + 1]);
    expect(Math.min(...vs)).toBeLessThan(0.3);
    expect(Math.max(...vs)).toBeGreaterThan(0.7);
  });

  it('brings a dense model down to the topology target', async () => {
    const glb = await makeSourceGlb({ segments: 160, rings: 120 });
    const low = await normalizeSourceModel(glb, { topology: 'low' });
    expect(low.stats.sourceTriangles).toBeGreaterThan(30000);
    expect(low.stats.triangles).toBeLessThanOrEqual(5000 * 1.05);
    expect(low.stats.printableTriangles).toBeLessThanOrEqual(5000 * 1.05);
    expect(worstDeviation(low.model.mesh.positions)).toBeLessThan(0.03);
  });

  it('rebuilds an open model into a closed, 2-manifold solid of the same extent for the STL', async () => {
    const closed = await normalizeSourceModel(await makeSourceGlb(), { topology: 'low' });
    const open = await normalizeSourceModel(await makeSourceGlb({ open: true, extraPart: true }), {
      topology: 'low',
    });
    expect(open.stats.printableFrom).toBe('remeshed');
    const check = checkManifold(weld(open.printable.mesh.positions, open.printable.mesh.indices));
    expect(check).toMatchObject({ badEdges: 0, flippedEdges: 0, nonManifoldVertices: 0, degenerate: 0 });
    expect(check.volume).toBeGreaterThan(0);
    // Same place and size as the textured model, within the rebuild's voxels (1/64 of the height each).
    const a = bounds(open.model.mesh.positions);
    const b = bounds(open.printable.mesh.positions);
    for (const axis of [0, 1, 2]) {
      expect(Math.abs(a.min[axis] - b.min[axis])).toBeLessThan(0.06);
      expect(Math.abs(a.max[axis] - b.max[axis])).toBeLessThan(0.06);
    }
    expect(closed.stats.printableFrom).toBe('welded');
    // The STL written from it is closed too (as a slicer reads it).
    const { files } = await exportModel(open.printable, 'stl');
    const data = files[0].data;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const n = view.getUint32(80, true);
    const soup = new Float32Array(n * 9);
    for (let t = 0; t < n; t++)
      for (let k = 0; k < 9; k++) soup[t * 9 + k] = view.getFloat32(84 + t * 50 + 12 + k * 4, true);
    const stl = checkManifold(
      weld(
        soup,
        Uint32Array.from({ length: n * 3 }, (_, i) => i),
      ),
    );
    expect(stl).toMatchObject({ badEdges: 0, flippedEdges: 0, nonManifoldVertices: 0 });
  });

  it('reads a GLB that starts at an odd offset of its buffer (as bytes from another process do)', async () => {
    const glb = await makeSourceGlb();
    const shifted = new Uint8Array(glb.byteLength + 1);
    shifted.set(glb, 1);
    const { stats } = await normalizeSourceModel(shifted.subarray(1), { topology: 'low' });
    expect(stats.sourceTriangles).toBeGreaterThan(1000);
  });

  it('refuses malformed, truncated, empty and oversized files with a clear error', async () => {
    const glb = await makeSourceGlb();
    await expectError(
      normalizeSourceModel(new TextEncoder().encode('<html>502 Bad Gateway</html>')),
      /not a valid GLB/,
    );
    await expectError(normalizeSourceModel(glb.subarray(0, glb.length - 4000)), /truncated/);
    await expectError(normalizeSourceModel(glb, { read: { maxBytes: 1000 } }), /limit/);
    await expectError(normalizeSourceModel(glb, { read: { maxTriangles: 100 } }), /triangles, more than/);
  });
});
