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

/**
 * Merges seam duplicates (equal positions; 0 and −0 alike) into one vertex each, numbered in order of
 * first appearance. An open-addressing table on the coordinates' bits: a string key per vertex made this
 * a visible share of the STL and 3MF exports.
 */
export function weldPositions(
  positions: Float32Array,
  indices: Uint32Array,
): { positions: Float32Array; indices: Uint32Array } {
  const n = positions.length / 3;
  const bits = new Uint32Array(n * 3);
  // Float bits through a copy: x + 0 turns −0 into 0, which compares equal as the coordinates do.
  const norm = new Float32Array(bits.buffer);
  for (let i = 0; i < n * 3; i++) norm[i] = positions[i] + 0;
  let size = 1;
  while (size < n * 2) size <<= 1;
  const table = new Int32Array(size).fill(-1);
  const firstOf = new Uint32Array(n);
  const remap = new Uint32Array(n);
  let count = 0;
  for (let v = 0; v < n; v++) {
    const x = bits[v * 3];
    const y = bits[v * 3 + 1];
    const z = bits[v * 3 + 2];
    let slot = (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77) ^ Math.imul(z, 0xc2b2ae3d)) & (size - 1);
    for (;;) {
      const id = table[slot];
      if (id < 0) {
        table[slot] = count;
        firstOf[count] = v;
        remap[v] = count++;
        break;
      }
      const u = firstOf[id];
      if (bits[u * 3] === x && bits[u * 3 + 1] === y && bits[u * 3 + 2] === z) {
        remap[v] = id;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  const out = new Float32Array(count * 3);
  for (let id = 0; id < count; id++)
    out.set(positions.subarray(firstOf[id] * 3, firstOf[id] * 3 + 3), id * 3);
  return { positions: out, indices: indices.map((i) => remap[i]) };
}

function meshOut(out: { vertProperties: Float32Array; triVerts: Uint32Array; numProp: number }, dz: number) {
  const n = out.vertProperties.length / out.numProp;
  const positions = new Float32Array(n * 3);
  for (let v = 0; v < n; v++) {
    positions[v * 3] = out.vertProperties[v * out.numProp];
    positions[v * 3 + 1] = out.vertProperties[v * out.numProp + 1];
    positions[v * 3 + 2] = out.vertProperties[v * out.numProp + 2] + dz;
  }
  return { positions, indices: Uint32Array.from(out.triVerts) };
}

export interface BaseResult {
  positions: Float32Array;
  indices: Uint32Array;
  /** 'cut' = stands on its own cut face; 'plinth' = its centre of mass was off the cut face, a slab was added. */
  base: 'cut' | 'plinth';
}

/**
 * Cuts everything below z = `cut` (STL frame, Z up) and lowers the result onto z = 0. When the centre of
 * mass is not over the cut face (a leaning rock, a figure on one toe), a `cut`-thick plinth spanning the
 * cut face and the centre of mass is joined underneath, so the print still stands as one solid.
 */
export async function flattenBase(
  positions: Float32Array,
  indices: Uint32Array,
  cut: number,
): Promise<BaseResult> {
  const m = await manifold();
  const welded = weldPositions(positions, indices);
  const mesh = new m.Mesh({ numProp: 3, vertProperties: welded.positions, triVerts: welded.indices });
  const solid = new m.Manifold(mesh);
  const owned: { delete(): void }[] = [solid];
  try {
    if (solid.status() !== 'NoError') {
      throw new EngineError(
        'internal',
        `export: the model is not a closed solid (${solid.status()}); export STL without a flat base.`,
      );
    }
    // trimByPlane keeps the side the normal points to: everything above z = cut.
    const trimmed = solid.trimByPlane([0, 0, 1], cut);
    owned.push(trimmed);
    const out = meshOut(trimmed.getMesh(), -cut);
    const stand = standCheck(out.positions, out.indices);
    if (stand.margin > 0) return { ...out, base: 'cut' };
    // The slab: the hull of the cut face and a disc around the centre of mass, overlapping the model by
    // half its thickness so the union is one solid, not two touching ones.
    const t = cut;
    const r = Math.max(2, cut);
    const pts: [number, number, number][] = [];
    const ring: [number, number][] = stand.contact.slice();
    for (let k = 0; k < 16; k++) {
      const a = (k / 16) * 2 * Math.PI;
      ring.push([stand.com[0] + r * Math.cos(a), stand.com[1] + r * Math.sin(a)]);
    }
    for (const [x, y] of ring) pts.push([x, y, cut - t], [x, y, cut + t / 2]);
    const slab = m.Manifold.hull(pts);
    owned.push(slab);
    const joined = trimmed.add(slab);
    owned.push(joined);
    return { ...meshOut(joined.getMesh(), t - cut), base: 'plinth' };
  } finally {
    for (const o of owned) o.delete();
  }
}

/** Centre of mass in the bed plane, the points on the bed, and how far inside their hull the centre is. */
function standCheck(
  p: Float32Array,
  idx: Uint32Array,
  tolerance = 1e-3,
): { com: [number, number]; contact: [number, number][]; margin: number } {
  let vol = 0;
  let cx = 0;
  let cy = 0;
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t] * 3;
    const b = idx[t + 1] * 3;
    const c = idx[t + 2] * 3;
    const v =
      p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
      p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
      p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
    vol += v;
    cx += v * (p[a] + p[b] + p[c]);
    cy += v * (p[a + 1] + p[b + 1] + p[c + 1]);
  }
  const com: [number, number] = [cx / (4 * vol), cy / (4 * vol)];
  let minZ = Infinity;
  for (let i = 2; i < p.length; i += 3) minZ = Math.min(minZ, p[i]);
  const contact: [number, number][] = [];
  for (let i = 0; i < p.length; i += 3) if (p[i + 2] - minZ < tolerance) contact.push([p[i], p[i + 1]]);
  return { com, contact, margin: hullMargin(contact, com) };
}

/** Signed distance from `c` to the convex hull of `points` (positive inside, −∞ for fewer than 3 points). */
function hullMargin(points: [number, number][], c: [number, number]): number {
  const s = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (s.length < 3) return -Infinity;
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const chain = (list: [number, number][]) => {
    const out: [number, number][] = [];
    for (const q of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], q) <= 0) out.pop();
      out.push(q);
    }
    return out.slice(0, -1);
  };
  const hull = [...chain(s), ...chain([...s].reverse())];
  if (hull.length < 3) return -Infinity;
  let margin = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i];
    const b = hull[(i + 1) % hull.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    margin = Math.min(margin, ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / len);
  }
  return margin;
}
