/** How far a surface's main axis leans from +Y: the upright checks of the tests and the benchmark. */
import { rng, sampleSurface } from './metrics.ts';

/** Angle (degrees) between +Y and the principal axis of a point set (x, y, z triples). */
export function pointsLean(p: Float32Array): number {
  const n = p.length / 3;
  const mean = [0, 0, 0];
  for (let i = 0; i < p.length; i++) mean[i % 3] += p[i] / n;
  const c = new Float64Array(9);
  for (let i = 0; i < n; i++) {
    const d = [p[i * 3] - mean[0], p[i * 3 + 1] - mean[1], p[i * 3 + 2] - mean[2]];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) c[a * 3 + b] += d[a] * d[b];
  }
  // Power iteration for the largest eigenvector.
  let v = [0, 1, 0];
  for (let it = 0; it < 100; it++) {
    const w = [0, 1, 2].map((a) => c[a * 3] * v[0] + c[a * 3 + 1] * v[1] + c[a * 3 + 2] * v[2]);
    const len = Math.hypot(...w);
    v = w.map((x) => x / len);
  }
  return (Math.acos(Math.min(1, Math.abs(v[1]))) * 180) / Math.PI;
}

/** Angle (degrees) between +Y and the principal axis of the surface (area-weighted samples). */
export function leanFromVertical(positions: Float32Array, indices: Uint32Array): number {
  return pointsLean(sampleSurface(positions, indices, 8000, rng(3)));
}
