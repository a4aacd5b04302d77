/**
 * Texture coordinates for any closed mesh (the multi-view hull has no front/back sheets to map onto the
 * photo): triangles are grouped by the axis their normal points along most (±x, ±y, ±z), each connected
 * group is a chart projected onto the plane across its axis, and the charts are packed on shelves into one
 * square atlas at a single texel density, with a gutter between them that the painter fills (paint-atlas)
 * so texture filtering at a seam never reads another chart.
 *
 * A vertex on a seam is copied once per chart it belongs to; the copies have bit-identical positions, so
 * welding by position (STL, the manifold checks) recovers the closed solid.
 */
import { EngineError } from '../errors.ts';
import { vertexNormals } from '../geometry/normals.ts';
import type { Mesh } from '../types.ts';

export interface ChartOptions {
  /** Atlas side in texels. */
  size: number;
  /** Empty texels between charts and around the atlas's border. */
  gutter: number;
}

const CHART_DEFAULTS: ChartOptions = { size: 1024, gutter: 3 };

export interface ChartedMesh {
  mesh: Mesh;
  /** Chart of every triangle of `mesh`. */
  chartOf: Uint32Array;
  charts: number;
}

function faceAxis(p: Float32Array, a: number, b: number, c: number): number {
  const ux = p[b * 3] - p[a * 3];
  const uy = p[b * 3 + 1] - p[a * 3 + 1];
  const uz = p[b * 3 + 2] - p[a * 3 + 2];
  const vx = p[c * 3] - p[a * 3];
  const vy = p[c * 3 + 1] - p[a * 3 + 1];
  const vz = p[c * 3 + 2] - p[a * 3 + 2];
  const n = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
  let axis = 0;
  for (let k = 1; k < 3; k++) if (Math.abs(n[k]) > Math.abs(n[axis])) axis = k;
  return axis * 2 + (n[axis] < 0 ? 1 : 0);
}

function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

/** Triangles sharing each undirected edge: `other[t * 3 + k]` is the triangle across edge k of t, or −1. */
function neighbours(indices: Uint32Array, nv: number): Int32Array {
  const tris = indices.length / 3;
  const other = new Int32Array(indices.length).fill(-1);
  const open = new Map<number, number>();
  for (let t = 0; t < tris; t++) {
    for (let k = 0; k < 3; k++) {
      const a = indices[t * 3 + k];
      const b = indices[t * 3 + ((k + 1) % 3)];
      const key = Math.min(a, b) * nv + Math.max(a, b);
      const slot = open.get(key);
      if (slot === undefined) open.set(key, t * 3 + k);
      else {
        other[slot] = t;
        other[t * 3 + k] = Math.floor(slot / 3);
        open.delete(key);
      }
    }
  }
  return other;
}

export function chartMesh(
  positions: Float32Array,
  indices: Uint32Array,
  options: Partial<ChartOptions> = {},
): ChartedMesh {
  const opts = { ...CHART_DEFAULTS, ...options };
  const nv = positions.length / 3;
  const tris = indices.length / 3;
  const label = new Uint8Array(tris);
  for (let t = 0; t < tris; t++)
    label[t] = faceAxis(positions, indices[t * 3], indices[t * 3 + 1], indices[t * 3 + 2]);
  const other = neighbours(indices, nv);
  // A triangle whose neighbours all point another way joins them: fewer one-triangle charts.
  for (let pass = 0; pass < 2; pass++) {
    for (let t = 0; t < tris; t++) {
      const n = [other[t * 3], other[t * 3 + 1], other[t * 3 + 2]].filter((o) => o >= 0);
      if (n.some((o) => label[o] === label[t])) continue;
      if (n.length >= 2 && label[n[0]] === label[n[1]]) label[t] = label[n[0]];
      else if (n.length === 3 && label[n[1]] === label[n[2]]) label[t] = label[n[1]];
    }
  }
  const parent = new Int32Array(tris);
  for (let t = 0; t < tris; t++) parent[t] = t;
  for (let t = 0; t < tris; t++) {
    for (let k = 0; k < 3; k++) {
      const o = other[t * 3 + k];
      if (o < 0 || label[o] !== label[t]) continue;
      const a = find(parent, t);
      const b = find(parent, o);
      if (a !== b) parent[a] = b;
    }
  }
  const chartId = new Int32Array(tris).fill(-1);
  const rootId = new Int32Array(tris).fill(-1);
  let charts = 0;
  for (let t = 0; t < tris; t++) {
    const r = find(parent, t);
    if (rootId[r] < 0) rootId[r] = charts++;
    chartId[t] = rootId[r];
  }

  // Triangles grouped by chart (counting sort), and each chart's axis and projected extent.
  const start = new Uint32Array(charts + 1);
  for (let t = 0; t < tris; t++) start[chartId[t] + 1]++;
  for (let c = 0; c < charts; c++) start[c + 1] += start[c];
  const fill = start.slice(0, charts);
  const order = new Uint32Array(tris);
  for (let t = 0; t < tris; t++) order[fill[chartId[t]]++] = t;
  const axisOf = new Uint8Array(charts);
  const box = new Float64Array(charts * 4).fill(Number.NaN);
  // Plane coordinates per axis label: (u, v) with v pointing down the atlas when the axis is horizontal.
  const plane = (lab: number, x: number, y: number, z: number, out: Float64Array) => {
    const s = lab & 1 ? -1 : 1;
    switch (lab >> 1) {
      case 0:
        out[0] = -s * z;
        out[1] = -y;
        break;
      case 1:
        out[0] = x;
        out[1] = s * z;
        break;
      default:
        out[0] = s * x;
        out[1] = -y;
    }
  };
  const uv = new Float64Array(2);
  for (let c = 0; c < charts; c++) {
    const lab = label[order[start[c]]];
    axisOf[c] = lab;
    let u0 = Infinity;
    let v0 = Infinity;
    let u1 = -Infinity;
    let v1 = -Infinity;
    for (let s = start[c]; s < start[c + 1]; s++) {
      for (let k = 0; k < 3; k++) {
        const v = indices[order[s] * 3 + k];
        plane(lab, positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2], uv);
        u0 = Math.min(u0, uv[0]);
        v0 = Math.min(v0, uv[1]);
        u1 = Math.max(u1, uv[0]);
        v1 = Math.max(v1, uv[1]);
      }
    }
    box.set([u0, v0, u1, v1], c * 4);
  }
  const place = pack(box, charts, opts);

  // Vertices copied per chart; UVs from the placed projection.
  const stamp = new Int32Array(nv).fill(-1);
  const local = new Uint32Array(nv);
  const src: number[] = [];
  const uvs: number[] = [];
  const outIdx = new Uint32Array(indices.length);
  const chartOf = new Uint32Array(tris);
  let written = 0;
  for (let c = 0; c < charts; c++) {
    const [ox, oy, scale] = [place[c * 3], place[c * 3 + 1], place[c * 3 + 2]];
    for (let s = start[c]; s < start[c + 1]; s++) {
      const t = order[s];
      for (let k = 0; k < 3; k++) {
        const v = indices[t * 3 + k];
        if (stamp[v] !== c) {
          stamp[v] = c;
          local[v] = src.length;
          src.push(v);
          plane(axisOf[c], positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2], uv);
          uvs.push(
            (ox + (uv[0] - box[c * 4]) * scale) / opts.size,
            (oy + (uv[1] - box[c * 4 + 1]) * scale) / opts.size,
          );
        }
        outIdx[written * 3 + k] = local[v];
      }
      chartOf[written] = c;
      written++;
    }
  }
  const normals = vertexNormals(positions, indices);
  const pos = new Float32Array(src.length * 3);
  const nrm = new Float32Array(src.length * 3);
  for (let i = 0; i < src.length; i++) {
    pos.set(positions.subarray(src[i] * 3, src[i] * 3 + 3), i * 3);
    nrm.set(normals.subarray(src[i] * 3, src[i] * 3 + 3), i * 3);
  }
  return {
    mesh: { positions: pos, normals: nrm, uvs: Float32Array.from(uvs), indices: outIdx },
    chartOf,
    charts,
  };
}

/**
 * Shelf packing at one texel density: charts sorted by height, placed left to right, a new shelf when a
 * row is full; the density shrinks until everything fits. Returns (x, y, texels per unit) per chart.
 */
function pack(box: Float64Array, charts: number, opts: ChartOptions): Float64Array {
  const g = opts.gutter;
  const S = opts.size;
  let area = 0;
  for (let c = 0; c < charts; c++) area += (box[c * 4 + 2] - box[c * 4]) * (box[c * 4 + 3] - box[c * 4 + 1]);
  const byHeight = Array.from({ length: charts }, (_, c) => c).sort(
    (a, b) => box[b * 4 + 3] - box[b * 4 + 1] - (box[a * 4 + 3] - box[a * 4 + 1]),
  );
  const out = new Float64Array(charts * 3);
  let scale = Math.sqrt((0.8 * (S - 2 * g) ** 2) / Math.max(area, 1e-9));
  for (let attempt = 0; attempt < 60; attempt++, scale *= 0.93) {
    let x = g;
    let y = g;
    let shelf = 0;
    let fits = true;
    for (const c of byHeight) {
      const w = Math.ceil((box[c * 4 + 2] - box[c * 4]) * scale) + 1;
      const h = Math.ceil((box[c * 4 + 3] - box[c * 4 + 1]) * scale) + 1;
      if (x + w + g > S) {
        x = g;
        y += shelf + g;
        shelf = 0;
      }
      if (x + w + g > S || y + h + g > S) {
        fits = false;
        break;
      }
      out[c * 3] = x + 0.5;
      out[c * 3 + 1] = y + 0.5;
      out[c * 3 + 2] = scale;
      x += w + g;
      shelf = Math.max(shelf, h);
    }
    if (fits) return out;
  }
  throw new EngineError('internal', 'multiview: the texture charts do not fit the atlas.');
}
