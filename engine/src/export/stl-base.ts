/**
 * Flat base for printing: the solid is cut by a horizontal plane a little above its lowest point and
 * the cut is capped (manifold-3d's trimByPlane keeps the result closed and 2-manifold), so the print
 * stands on a face instead of a point.
 */
import Module from 'manifold-3d';
import { EngineError } from '../errors.ts';

type Toplevel = Awaited<ReturnType<typeof Module>>;
let toplevel: Promise<Toplevel> | undefined;

async function manifold(): Promise<Toplevel> {
  toplevel ??= Module().then((m) => {
    m.setup();
    return m;
  });
  return toplevel;
}

/** Merges seam duplicates (bit-identical positions) into one vertex each. */
export function weldPositions(
  positions: Float32Array,
  indices: Uint32Array,
): { positions: Float32Array; indices: Uint32Array } {
  const map = new Map<string, number>();
  const out: number[] = [];
  const remap = new Uint32Array(positions.length / 3);
  for (let v = 0; v < remap.length; v++) {
    const key = `${positions[v * 3]},${positions[v * 3 + 1]},${positions[v * 3 + 2]}`;
    let id = map.get(key);
    if (id === undefined) {
      id = out.length / 3;
      map.set(key, id);
      out.push(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
    }
    remap[v] = id;
  }
  return { positions: Float32Array.from(out), indices: indices.map((i) => remap[i]) };
}

/** Cuts everything below z = `cut` (STL frame, Z up) and lowers the result onto z = 0. */
export async function flattenBase(
  positions: Float32Array,
  indices: Uint32Array,
  cut: number,
): Promise<{ positions: Float32Array; indices: Uint32Array }> {
  const m = await manifold();
  const welded = weldPositions(positions, indices);
  const mesh = new m.Mesh({ numProp: 3, vertProperties: welded.positions, triVerts: welded.indices });
  const solid = new m.Manifold(mesh);
  try {
    if (solid.status() !== 'NoError') {
      throw new EngineError(
        'internal',
        `export: the model is not a closed solid (${solid.status()}); export STL without a flat base.`,
      );
    }
    // trimByPlane keeps the side the normal points to: everything above z = cut.
    const trimmed = solid.trimByPlane([0, 0, 1], cut);
    try {
      const out = trimmed.getMesh();
      const p = Float32Array.from(out.vertProperties);
      for (let i = 2; i < p.length; i += out.numProp) p[i] -= cut;
      if (out.numProp !== 3) {
        const packed = new Float32Array((p.length / out.numProp) * 3);
        for (let v = 0; v < packed.length / 3; v++)
          packed.set(p.subarray(v * out.numProp, v * out.numProp + 3), v * 3);
        return { positions: packed, indices: Uint32Array.from(out.triVerts) };
      }
      return { positions: p, indices: Uint32Array.from(out.triVerts) };
    } finally {
      trimmed.delete();
    }
  } finally {
    solid.delete();
  }
}
