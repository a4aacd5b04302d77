import { describe, expect, it } from 'vitest';
import { chartMesh } from '../../src/multiview/charts.ts';
import { type GridField, levelSurface } from '../../src/multiview/surface.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';

function field(n: number, value: (x: number, y: number, z: number) => number): GridField {
  const values = new Float32Array(n * n * n);
  for (let z = 0; z < n; z++)
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) values[(z * n + y) * n + x] = value(x, y, z);
  return { values, nx: n, ny: n, nz: n, origin: [0, 0, 0], h: 1 };
}

function expectClosed(positions: Float32Array, indices: Uint32Array) {
  const report = checkManifold(weld(positions, indices));
  expect(report.badEdges).toBe(0);
  expect(report.flippedEdges).toBe(0);
  expect(report.nonManifoldVertices).toBe(0);
  expect(report.degenerate).toBe(0);
  return report;
}

describe('level surface (marching tetrahedra)', () => {
  it('encloses a sphere as a closed, outward solid of the right volume', () => {
    const s = levelSurface(
      field(24, (x, y, z) => 8 - Math.hypot(x - 11.5, y - 11.5, z - 11.5)),
      0,
    );
    const report = expectClosed(s.positions, s.indices);
    // Outward winding gives a positive volume, close to 4/3·π·8³ (the faceting loses a little).
    expect(report.volume).toBeGreaterThan(0.97 * ((4 / 3) * Math.PI * 512));
    expect(report.volume).toBeLessThan(1.01 * ((4 / 3) * Math.PI * 512));
  });

  it('stays 2-manifold where inside voxels touch only along an edge or at a corner', () => {
    // Voxels of a 3D checkerboard: every pair of neighbours meets at an edge or a corner only.
    const s = levelSurface(
      field(10, (x, y, z) =>
        x > 1 && y > 1 && z > 1 && x < 8 && y < 8 && z < 8 && (x + y + z) % 2 === 0 ? 1 : 0,
      ),
      0.5,
    );
    expect(s.indices.length).toBeGreaterThan(0);
    const report = expectClosed(s.positions, s.indices);
    expect(report.volume).toBeGreaterThan(0);
  });
});

describe('chart atlas', () => {
  it('maps every triangle into its own region of the texture and keeps the solid closed', () => {
    const s = levelSurface(
      field(20, (x, y, z) => 6 - Math.hypot((x - 9.5) * 0.7, y - 9.5, z - 9.5)),
      0,
    );
    const { mesh, chartOf, charts } = chartMesh(s.positions, s.indices, { size: 512 });
    expect(charts).toBeGreaterThanOrEqual(6);
    for (const u of mesh.uvs) {
      expect(u).toBeGreaterThan(0);
      expect(u).toBeLessThan(1);
    }
    // Chart rectangles in the atlas do not overlap.
    const box = new Map<number, number[]>();
    for (let t = 0; t < mesh.indices.length / 3; t++) {
      const b = box.get(chartOf[t]) ?? [1, 1, 0, 0];
      for (let k = 0; k < 3; k++) {
        const v = mesh.indices[t * 3 + k];
        b[0] = Math.min(b[0], mesh.uvs[v * 2]);
        b[1] = Math.min(b[1], mesh.uvs[v * 2 + 1]);
        b[2] = Math.max(b[2], mesh.uvs[v * 2]);
        b[3] = Math.max(b[3], mesh.uvs[v * 2 + 1]);
      }
      box.set(chartOf[t], b);
    }
    const list = [...box.values()];
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i], list[j]];
        const apart = a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1];
        expect(apart).toBe(true);
      }
    // Seam vertices are copies at the same position: welded, the solid is the closed one it was.
    expectClosed(mesh.positions, mesh.indices);
    expect(mesh.normals?.length).toBe(mesh.positions.length);
  });
});
