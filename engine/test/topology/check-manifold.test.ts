import { describe, expect, it } from 'vitest';
import { checkManifold } from '../../src/topology/check-manifold.ts';

// A tetrahedron with outward (counter-clockwise seen from outside) faces.
const TETRA = [0, 2, 1, 0, 1, 3, 1, 2, 3, 2, 0, 3];

/** The tetrahedron's faces with every index shifted by `by` (a second, disjoint copy). */
const shifted = (by: number) => TETRA.map((v) => v + by);

describe('checkManifold', () => {
  it('accepts a closed, consistently oriented tetrahedron', () => {
    const c = checkManifold(TETRA);
    expect(c).toMatchObject({ triangles: 4, edges: 6, badEdges: 0, flippedEdges: 0, ok: true });
    expect(c.problemVertices).toEqual([]);
  });

  it('finds an open edge loop where a face is missing', () => {
    const c = checkManifold(TETRA.slice(3));
    expect(c.badEdges).toBe(3);
    expect(c.ok).toBe(false);
    expect(new Set(c.problemVertices)).toEqual(new Set([0, 1, 2]));
  });

  it('finds the edges of a face wound the wrong way', () => {
    const flipped = [0, 1, 2, ...TETRA.slice(3)];
    const c = checkManifold(flipped);
    expect(c.badEdges).toBe(0);
    expect(c.flippedEdges).toBe(3);
    expect(c.ok).toBe(false);
  });

  it('finds an edge shared by four triangles (two solids joined along an edge)', () => {
    // Second tetrahedron reuses vertices 0 and 1 (the edge 0–1) and has its own 2 and 3 (as 4 and 5).
    const second = shifted(4).map((v) => (v === 4 ? 0 : v === 5 ? 1 : v));
    const c = checkManifold([...TETRA, ...second]);
    expect(c.badEdges).toBe(1);
    expect(c.flippedEdges).toBe(0);
    expect(c.nonManifoldVertices).toBe(2);
    expect(new Set(c.problemVertices)).toEqual(new Set([0, 1]));
  });

  it('finds a pinch: two solids touching at one vertex, every edge fine', () => {
    const second = shifted(4).map((v) => (v === 4 ? 0 : v));
    const c = checkManifold([...TETRA, ...second]);
    expect(c.badEdges).toBe(0);
    expect(c.flippedEdges).toBe(0);
    expect(c.nonManifoldVertices).toBe(1);
    expect(c.problemVertices).toEqual([0]);
    expect(c.ok).toBe(false);
  });

  it('counts degenerate triangles', () => {
    const c = checkManifold([...TETRA, 1, 1, 2]);
    expect(c.degenerate).toBe(1);
    expect(c.ok).toBe(false);
  });

  it('judges vertices at one position as one vertex when given a weld map', () => {
    // Vertex 0 split into 0 and 4 (a UV seam): open without welding, closed with it.
    const split = [...TETRA];
    split[10] = 4; // face 2,0,3 → 2,4,3
    expect(checkManifold(split).ok).toBe(false);
    expect(checkManifold(split, [0, 1, 2, 3, 0]).ok).toBe(true);
  });
});
