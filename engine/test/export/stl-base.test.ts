/** Seam duplicates welded for the print solid and the 3MF; the print solid made once per model. */
import { describe, expect, it } from 'vitest';
import { printSolid } from '../../src/export/stl.ts';
import { weldPositions } from '../../src/export/stl-base.ts';
import { figureModel } from '../support/model.ts';

describe('export: weldPositions', () => {
  it('merges equal positions (0 and −0 alike) in order of first appearance and remaps the triangles', () => {
    const positions = Float32Array.of(0, 0, 0, 1, 0, 0, -0, 0, 0, 0, 1, 0, 1, 0, 0, 0.1, 0.2, 0.3);
    const indices = Uint32Array.of(0, 1, 3, 2, 4, 5);
    const welded = weldPositions(positions, indices);
    expect([...welded.positions]).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, ...Float32Array.of(0.1, 0.2, 0.3)]);
    expect([...welded.indices]).toEqual([0, 1, 2, 0, 1, 3]);
  });

  it('welds a converted model to one vertex per distinct position', async () => {
    const { mesh } = await figureModel();
    const welded = weldPositions(mesh.positions, mesh.indices);
    const distinct = new Set<string>();
    for (let v = 0; v < mesh.positions.length / 3; v++)
      distinct.add(`${mesh.positions[v * 3]},${mesh.positions[v * 3 + 1]},${mesh.positions[v * 3 + 2]}`);
    expect(welded.positions.length / 3).toBe(distinct.size);
    expect(welded.positions.length).toBeLessThan(mesh.positions.length);
    for (let t = 0; t < mesh.indices.length; t++) {
      const a = mesh.indices[t] * 3;
      const b = welded.indices[t] * 3;
      expect(welded.positions.subarray(b, b + 3)).toEqual(mesh.positions.subarray(a, a + 3));
    }
  });
});

describe('export: printSolid', () => {
  it('is made once per model and options: the STL and the 3MF share it', async () => {
    const model = await figureModel();
    const first = await printSolid(model);
    expect(await printSolid(model, { flatBaseMm: 3 })).toBe(first);
    const other = await printSolid(model, { flatBaseMm: 5 });
    expect(other).not.toBe(first);
    expect(other.cutMm).toBeGreaterThan(first.cutMm);
  });
});
