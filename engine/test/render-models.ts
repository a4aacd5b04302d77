/**
 * Procedural textured models for the renderer's tests and benchmark: a toy figure made of ellipsoids
 * (closed UV spheres, with a UV seam each, like real atlases) and a checker/stripe texture atlas.
 */
import type { Mesh, RgbaImage, TexturedModel } from '../src/types.ts';

interface Part {
  /** Radii. */
  r: [number, number, number];
  /** Centre. */
  c: [number, number, number];
  /** Tilt about Z, radians. */
  tilt: number;
  /** Atlas cell (column, row) in a 4×2 grid. */
  cell: [number, number];
}

const PARTS: Part[] = [
  { r: [0.34, 0.07, 0.34], c: [0, 0.07, 0], tilt: 0, cell: [0, 0] }, // plinth
  { r: [0.26, 0.3, 0.21], c: [0, 0.4, 0], tilt: 0, cell: [1, 0] }, // body
  { r: [0.19, 0.18, 0.18], c: [0, 0.82, 0], tilt: 0, cell: [2, 0] }, // head
  { r: [0.06, 0.2, 0.06], c: [-0.3, 0.46, 0.02], tilt: -0.5, cell: [3, 0] }, // left arm
  { r: [0.06, 0.2, 0.06], c: [0.3, 0.46, 0.02], tilt: 0.5, cell: [0, 1] }, // right arm
  { r: [0.05, 0.05, 0.09], c: [0, 0.8, 0.19], tilt: 0, cell: [1, 1] }, // nose
  { r: [0.07, 0.05, 0.07], c: [-0.12, 0.98, 0], tilt: 0.3, cell: [2, 1] }, // ear
  { r: [0.07, 0.05, 0.07], c: [0.12, 0.98, 0], tilt: -0.3, cell: [3, 1] }, // ear
];

/** A figure of about `triangles` triangles (≥ 800), height 1, centred, facing +Z. */
export function figureModel(triangles = 20_000, textureSize = 1024): TexturedModel {
  const perPart = triangles / PARTS.length;
  // A UV sphere with s segments and s/2 rings has ≈ s² triangles.
  const segs = Math.max(8, Math.round(Math.sqrt(perPart)));
  const rings = Math.max(4, Math.round(segs / 2));
  const positions: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  for (const part of PARTS) {
    const base = positions.length / 3;
    const cos = Math.cos(part.tilt);
    const sin = Math.sin(part.tilt);
    for (let j = 0; j <= rings; j++) {
      const lat = (j / rings) * Math.PI; // 0 = top
      for (let i = 0; i <= segs; i++) {
        const lon = (i / segs) * 2 * Math.PI; // 0 = +Z (front)
        let x = Math.sin(lat) * Math.sin(lon) * part.r[0];
        let y = Math.cos(lat) * part.r[1];
        const z = Math.sin(lat) * Math.cos(lon) * part.r[2];
        [x, y] = [x * cos - y * sin, x * sin + y * cos];
        positions.push(x + part.c[0], y + part.c[1], z + part.c[2]);
        // Cell of a 4×2 atlas with a 4-texel gutter.
        const u = (part.cell[0] + 0.02 + 0.96 * (i / segs)) / 4;
        const v = (part.cell[1] + 0.02 + 0.96 * (j / rings)) / 2;
        uvs.push(u, v);
      }
    }
    for (let j = 0; j < rings; j++) {
      for (let i = 0; i < segs; i++) {
        const a = base + j * (segs + 1) + i;
        const b = a + segs + 1;
        // Counter-clockwise seen from outside.
        if (j > 0) indices.push(a, b, a + 1);
        if (j < rings - 1) indices.push(a + 1, b, b + 1);
      }
    }
  }
  const pos = Float32Array.from(positions);
  normaliseToUnitHeight(pos);
  const mesh: Mesh = { positions: pos, uvs: Float32Array.from(uvs), indices: Uint32Array.from(indices) };
  return { mesh, texture: atlasTexture(textureSize) };
}

function normaliseToUnitHeight(pos: Float32Array): void {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < pos.length; i++) {
    const k = i % 3;
    if (pos[i] < min[k]) min[k] = pos[i];
    if (pos[i] > max[k]) max[k] = pos[i];
  }
  const s = 1 / (max[1] - min[1]);
  for (let i = 0; i < pos.length; i++) {
    const k = i % 3;
    pos[i] = (pos[i] - (min[k] + max[k]) / 2) * s;
  }
}

const HUES: [number, number, number][] = [
  [70, 76, 88],
  [225, 110, 60],
  [240, 205, 160],
  [60, 130, 200],
  [60, 130, 200],
  [200, 60, 70],
  [240, 205, 160],
  [240, 205, 160],
];

/** 4×2 atlas: each cell a soft checker in its part's colour, with stripes and a front marker. */
function atlasTexture(size: number): RgbaImage {
  const width = size;
  const height = size;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cu = (x / width) * 4;
      const cv = (y / height) * 2;
      const cell = Math.floor(cv) * 4 + Math.floor(cu);
      const fu = cu - Math.floor(cu);
      const fv = cv - Math.floor(cv);
      const [r, g, b] = HUES[cell];
      const checker = (Math.floor(fu * 16) + Math.floor(fv * 8)) % 2 === 0 ? 1 : 0.82;
      const stripe = Math.abs(fv - 0.5) < 0.03 ? 0.55 : 1;
      // A bright marker on the front (u = 0 at +Z, near the seam) so the turn is visible.
      const front = (fu < 0.08 || fu > 0.92) && Math.abs(fv - 0.4) < 0.08 ? 1.5 : 1;
      const k = checker * stripe * front;
      const o = (y * width + x) * 4;
      data[o] = Math.min(255, r * k);
      data[o + 1] = Math.min(255, g * k);
      data[o + 2] = Math.min(255, b * k);
      data[o + 3] = 255;
    }
  }
  return { width, height, data };
}

/** A flat square facing +Z, `size` wide, textured with `texture` (uv (0,0) at the top-left corner). */
export function quadModel(texture: RgbaImage, size = 1): TexturedModel {
  const h = size / 2;
  return {
    mesh: {
      positions: Float32Array.of(-h, h, 0, h, h, 0, h, -h, 0, -h, -h, 0),
      uvs: Float32Array.of(0, 0, 1, 0, 1, 1, 0, 1),
      normals: Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1),
      indices: Uint32Array.of(0, 3, 2, 0, 2, 1),
    },
    texture,
  };
}
