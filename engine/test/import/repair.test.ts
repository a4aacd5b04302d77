/**
 * Provider meshes in every state (overlapping parts, a duplicated-vertex soup, T-junctions, holes,
 * inward faces, specks, an open sheet) become STL and 3MF files that are one closed, outward-oriented
 * solid, as read by a reader written apart from the exporters and by Debian's assimp.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertPrintable, checkPrintFile, exportModel, normalizeSourceModel } from '../../src/index.ts';
import { assimpMesh, HAS_ASSIMP } from '../support/assimp.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { printReport } from '../support/print-checks.ts';
import { PROVIDER_MESH_KINDS, providerGlb } from '../support/provider-meshes.ts';

const dir = mkdtempSync(join(tmpdir(), 'lift3d-repair-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pieces(indices: ArrayLike<number>, vertices: number): number {
  const parent = Int32Array.from({ length: vertices }, (_, i) => i);
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  for (let t = 0; t < indices.length; t += 3) {
    const a = find(indices[t]);
    parent[find(indices[t + 1])] = a;
    parent[find(indices[t + 2])] = a;
  }
  const roots = new Set<number>();
  for (let i = 0; i < indices.length; i++) roots.add(find(indices[i]));
  return roots.size;
}

describe('hosted models are print-ready whatever state the provider sends them in', () => {
  for (const kind of PROVIDER_MESH_KINDS) {
    it(`${kind}: the STL and the 3MF are one closed, outward-oriented solid, 100 mm tall`, async () => {
      const { printable, stats } = await normalizeSourceModel(await providerGlb(kind), { topology: 'low' });
      expect(['welded', 'unioned', 'remeshed']).toContain(stats.printableFrom);
      const stl = (await exportModel(printable, 'stl', { baseName: kind })).files[0].data;
      const threeMf = (await exportModel(printable, '3mf', { baseName: kind })).files[0].data;

      const report = printReport(stl);
      expect(report).toMatchObject({ pieces: 1, badEdges: 0, flippedEdges: 0 });
      expect(report.volume).toBeGreaterThan(0);
      expect(report.height).toBeCloseTo(100, 3);
      expect(report.standMargin).toBeGreaterThan(0);
      for (const [format, bytes] of [
        ['stl', stl],
        ['3mf', threeMf],
      ] as const) {
        expect(checkPrintFile(format, bytes).ok, format).toBe(true);
        if (!HAS_ASSIMP) continue;
        const path = join(dir, `${kind}.${format}`);
        writeFileSync(path, bytes);
        const read = assimpMesh(path);
        const mesh = weld(read.positions, read.indices);
        const check = checkManifold(mesh);
        expect(check, `${kind}.${format} read by assimp`).toMatchObject({
          badEdges: 0,
          flippedEdges: 0,
          nonManifoldVertices: 0,
        });
        expect(check.volume).toBeGreaterThan(0);
        expect(pieces(mesh.indices, mesh.positions.length / 3)).toBe(1);
      }
    });
  }

  it('keeps a closed provider mesh exactly when welding is all it needs', async () => {
    const { stats } = await normalizeSourceModel(await providerGlb('inward'), { topology: 'high' });
    // Only turned outwards: no voxel rebuild for a mesh that was closed.
    expect(stats.printableFrom).toBe('unioned');
  });

  it('the final check refuses an open or inside-out STL', () => {
    // One triangle: open. The same tetrahedron wound inwards: closed but inside out.
    const stl = (tris: number[][]) => {
      const out = new Uint8Array(84 + tris.length * 50);
      const view = new DataView(out.buffer);
      view.setUint32(80, tris.length, true);
      for (const [i, t] of tris.entries()) {
        for (const [k, v] of t.entries()) view.setFloat32(84 + i * 50 + 12 + k * 4, v, true);
      }
      return out;
    };
    const a = [0, 0, 0];
    const b = [1, 0, 0];
    const c = [0, 1, 0];
    const d = [0, 0, 1];
    const outward = [
      [...a, ...c, ...b],
      [...a, ...b, ...d],
      [...a, ...d, ...c],
      [...b, ...c, ...d],
    ];
    expect(checkPrintFile('stl', stl(outward)).ok).toBe(true);
    expect(() => assertPrintable('stl', stl(outward.slice(0, 1)))).toThrow(/not a closed solid \(3 open/);
    const inward = outward.map((t) => [...t.slice(0, 3), ...t.slice(6, 9), ...t.slice(3, 6)]);
    expect(checkPrintFile('stl', stl(inward))).toMatchObject({ ok: false, badEdges: 0 });
  });
});
