/**
 * Ground contact shadow under an overhead softbox.
 *
 * notes
 * - The light is straight above, so the shadow is the subject's footprint, which only rotates as the
 *   subject turns: it is computed once (top-down min-height map → blurred) and each frame merely samples
 *   it, rotated, at the ground points seen by the pixels near the subject (≈2 ms per 720p frame).
 * - Two terms: a tight dark contact where the subject touches the floor, and a wide faint occlusion
 *   that fades with height, the way a real softbox shadow looks.
 */
import type { Mesh } from '../types.ts';
import { type Camera, project } from './camera.ts';

export interface ShadowOptions {
  /** 0 disables the shadow. */
  strength: number;
  contactDarkness: number;
  contactHeight: number;
  contactBlur: number;
  ambientDarkness: number;
  ambientFalloff: number;
  ambientBlur: number;
  resolution: number;
}

export const SHADOW_DEFAULTS: ShadowOptions = {
  strength: 1,
  contactDarkness: 0.78,
  contactHeight: 0.06,
  contactBlur: 0.02,
  ambientDarkness: 0.45,
  ambientFalloff: 0.5,
  ambientBlur: 0.065,
  resolution: 192,
};

/** Darkening below which a pixel is left untouched. */
const MIN_SHADE = 0.004;

export interface GroundShadow {
  /** Frame pixel indices that see the ground near the subject. */
  pixels: Uint32Array;
  /** Ground point (x, z) of each of those pixels. */
  ground: Float32Array;
  map: Float32Array;
  size: number;
  /** Half-extent of the map in model units. */
  extent: number;
}

export function buildGroundShadow(mesh: Mesh, camera: Camera, options: ShadowOptions): GroundShadow | null {
  if (options.strength <= 0) return null;
  const pos = mesh.positions;
  const idx = mesh.indices;
  let minY = Infinity;
  let radius = 0;
  for (let i = 0; i < pos.length; i += 3) {
    if (pos[i + 1] < minY) minY = pos[i + 1];
    radius = Math.max(radius, Math.hypot(pos[i], pos[i + 2]));
  }
  const G = options.resolution;
  const extent = radius + 3 * options.ambientBlur + 0.02;
  const scale = G / (2 * extent);

  // Top-down lowest height above the floor per cell.
  const height = new Float32Array(G * G).fill(Infinity);
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t] * 3;
    const b = idx[t + 1] * 3;
    const c = idx[t + 2] * 3;
    const ax = (pos[a] + extent) * scale;
    const az = (pos[a + 2] + extent) * scale;
    const bx = (pos[b] + extent) * scale;
    const bz = (pos[b + 2] + extent) * scale;
    const cx = (pos[c] + extent) * scale;
    const cz = (pos[c + 2] + extent) * scale;
    const area = (bx - ax) * (cz - az) - (bz - az) * (cx - ax);
    if (Math.abs(area) < 1e-9) continue;
    const ha = pos[a + 1] - minY;
    const hb = pos[b + 1] - minY;
    const hc = pos[c + 1] - minY;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const x1 = Math.min(G - 1, Math.ceil(Math.max(ax, bx, cx)));
    const z0 = Math.max(0, Math.floor(Math.min(az, bz, cz)));
    const z1 = Math.min(G - 1, Math.ceil(Math.max(az, bz, cz)));
    for (let z = z0; z <= z1; z++) {
      const pz = z + 0.5;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const w0 = ((cx - bx) * (pz - bz) - (cz - bz) * (px - bx)) / area;
        const w1 = ((ax - cx) * (pz - cz) - (az - cz) * (px - cx)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const h = w0 * ha + w1 * hb + w2 * hc;
        const i = z * G + x;
        if (h < height[i]) height[i] = h;
      }
    }
  }

  const contact = new Float32Array(G * G);
  const ambient = new Float32Array(G * G);
  for (let i = 0; i < G * G; i++) {
    const h = height[i];
    if (h === Infinity) continue;
    if (h < options.contactHeight) contact[i] = 1 - h / options.contactHeight;
    ambient[i] = Math.exp(-h / options.ambientFalloff);
  }
  gaussian(contact, G, options.contactBlur * scale);
  gaussian(ambient, G, options.ambientBlur * scale);
  const map = new Float32Array(G * G);
  for (let i = 0; i < G * G; i++) {
    const s = 1 - (1 - options.contactDarkness * contact[i]) * (1 - options.ambientDarkness * ambient[i]);
    map[i] = Math.min(0.95, s * options.strength);
  }

  // The map only turns, so a ground point can ever be shadowed only if some cell at its radius is:
  // pixels beyond the shadow's reach at every angle are never visited.
  const bins = G;
  const reachByRadius = new Float32Array(bins + 1);
  for (let z = 0; z < G; z++) {
    for (let x = 0; x < G; x++) {
      const r = Math.hypot(x + 0.5 - G / 2, z + 0.5 - G / 2) / (G / 2);
      const bin = Math.min(bins, Math.floor(r * bins));
      if (map[z * G + x] > reachByRadius[bin]) reachByRadius[bin] = map[z * G + x];
    }
  }
  const eyeH = camera.eyeY - minY;
  // Only the screen box of the map's circle on the floor can see it.
  const corner = new Float64Array(3);
  let bx0 = camera.width;
  let by0 = camera.height;
  let bx1 = 0;
  let by1 = 0;
  for (let k = 0; k < 64; k++) {
    const a = (k / 64) * 2 * Math.PI;
    if (!project(camera, Math.cos(a) * extent, minY, Math.sin(a) * extent, corner)) {
      bx0 = 0;
      by0 = 0;
      bx1 = camera.width;
      by1 = camera.height;
      break;
    }
    bx0 = Math.min(bx0, corner[0]);
    bx1 = Math.max(bx1, corner[0]);
    by0 = Math.min(by0, corner[1]);
    by1 = Math.max(by1, corner[1]);
  }
  const xStart = Math.max(0, Math.floor(bx0) - 1);
  const xEnd = Math.min(camera.width, Math.ceil(bx1) + 1);
  const yStart = Math.max(0, Math.floor(by0) - 1);
  const yEnd = Math.min(camera.height, Math.ceil(by1) + 1);
  const capacity = Math.max(0, (xEnd - xStart) * (yEnd - yStart));
  const pixels = new Uint32Array(capacity);
  const ground = new Float32Array(capacity * 2);
  let count = 0;
  // The view ray through each pixel centre (camera basis: right (1,0,0), up (0,cosE,-sinE), forward
  // (0,-sinE,-cosE)), written out inline: this loop visits up to a million pixels.
  const { focal, cx, cy, sinE, cosE } = camera;
  for (let py = yStart; py < yEnd; py++) {
    const ty = -(py + 0.5 - cy) / focal;
    const rayY = ty * cosE - sinE;
    if (rayY >= -1e-6) continue;
    const t = eyeH / -rayY;
    const gz = camera.eyeZ + (-ty * sinE - cosE) * t;
    for (let px = xStart; px < xEnd; px++) {
      const gx = ((px + 0.5 - cx) / focal) * t;
      const r = Math.sqrt(gx * gx + gz * gz) / extent;
      if (r >= 1) continue;
      const bin = (r * bins) | 0;
      // Neighbouring bins too: bilinear lookups reach one cell further.
      if (
        reachByRadius[bin] < MIN_SHADE &&
        reachByRadius[bin + 1] < MIN_SHADE &&
        reachByRadius[bin > 0 ? bin - 1 : 0] < MIN_SHADE
      ) {
        continue;
      }
      pixels[count] = py * camera.width + px;
      ground[count * 2] = gx;
      ground[count * 2 + 1] = gz;
      count++;
    }
  }
  return { pixels: pixels.slice(0, count), ground: ground.slice(0, count * 2), map, size: G, extent };
}
/** Darkens `frame` (packed RGBA words) by the footprint turned by `angle` radians. */
export function applyGroundShadow(shadow: GroundShadow, frame: Int32Array, angle: number): void {
  const { pixels, ground, map, size: G, extent } = shadow;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const scale = G / (2 * extent);
  const last = G - 1;
  for (let k = 0; k < pixels.length; k++) {
    const gx = ground[k * 2];
    const gz = ground[k * 2 + 1];
    // Undo the subject's rotation to look the point up in the footprint.
    const fx = (gx * cos - gz * sin + extent) * scale - 0.5;
    const fz = (gx * sin + gz * cos + extent) * scale - 0.5;
    if (fx < 0 || fz < 0 || fx >= last || fz >= last) continue;
    const ix = fx | 0;
    const iz = fz | 0;
    const ax = fx - ix;
    const az = fz - iz;
    const i = iz * G + ix;
    const top = map[i] + (map[i + 1] - map[i]) * ax;
    const bot = map[i + G] + (map[i + G + 1] - map[i + G]) * ax;
    const s = top + (bot - top) * az;
    if (s < MIN_SHADE) continue;
    const f = ((1 - s) * 256) | 0;
    const p = pixels[k];
    const c = frame[p];
    const r = ((c & 255) * f) >> 8;
    const g = (((c >>> 8) & 255) * f) >> 8;
    const b = (((c >>> 16) & 255) * f) >> 8;
    frame[p] = (255 << 24) | (b << 16) | (g << 8) | r;
  }
}

/** In-place Gaussian approximation: three box blurs per axis. */
function gaussian(data: Float32Array, n: number, sigma: number): void {
  if (sigma < 0.5) return;
  // Box width for three passes approximating sigma.
  const r = Math.max(1, Math.round(Math.sqrt((12 * sigma * sigma) / 3 + 1) / 2));
  const tmp = new Float32Array(n * n);
  for (let pass = 0; pass < 3; pass++) {
    boxPass(data, tmp, n, r, 1, n);
    boxPass(tmp, data, n, r, n, 1);
  }
}

/** One box blur along lines: `step` between samples of a line, `lineStep` between lines. */
function boxPass(
  src: Float32Array,
  dst: Float32Array,
  n: number,
  r: number,
  step: number,
  lineStep: number,
): void {
  const inv = 1 / (2 * r + 1);
  for (let line = 0; line < n; line++) {
    const base = line * lineStep;
    let acc = 0;
    for (let k = -r; k <= r; k++) {
      const j = Math.min(n - 1, Math.max(0, k));
      acc += src[base + j * step];
    }
    for (let i = 0; i < n; i++) {
      dst[base + i * step] = acc * inv;
      const outIdx = Math.max(0, i - r);
      const inIdx = Math.min(n - 1, i + r + 1);
      acc += src[base + inIdx * step] - src[base + outIdx * step];
    }
  }
}
