/**
 * Ground truth in the camera frame: each shape rendered orthographically to a 512² RGBA image from a
 * three-quarter view (yaw 35°, pitch 20°), and its outer surface sampled in that same frame.
 */
import type { RgbaImage } from '../../src/types.ts';
import { rasterise, viewTransform } from '../../test/support/raster.ts';
import { type Points, rng, sampleSurface } from './metrics.ts';
import type { Shape } from './shapes.ts';

const TRUTH_VIEW = { yaw: 35, pitch: 20, size: 512 };
/** The true camera elevation of the renders: the ground truth is levelled by it for the upright score. */
export const TRUTH_PITCH = TRUTH_VIEW.pitch;

export interface Truth {
  image: RgbaImage;
  points: Points;
  /** Unit normals of `points`, in the same frame. */
  normals: Points;
}

/** The 35 mm frame's diagonal (mm): a 35 mm equivalent focal length is measured against it. */
const FRAME_DIAGONAL_MM = Math.hypot(36, 24);

export function renderTruth(
  shape: Shape,
  samples = 20_000,
  view: { yaw: number; pitch: number; zoom?: number; focal35?: number } = TRUTH_VIEW,
): Truth {
  const tf = viewTransform(view.yaw, view.pitch);
  // Merge the parts into one camera-space mesh with a colour per triangle.
  const positions: number[] = [];
  const indices: number[] = [];
  const colours: number[] = [];
  for (const part of shape.parts) {
    const base = positions.length / 3;
    for (let i = 0; i < part.positions.length; i += 3)
      positions.push(...tf(part.positions[i], part.positions[i + 1], part.positions[i + 2]));
    for (const i of part.indices) indices.push(base + i);
    for (let t = 0; t < part.indices.length / 3; t++) colours.push(...part.colour);
  }
  const min = [Infinity, Infinity];
  const max = [-Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 2; k++) {
      min[k] = Math.min(min[k], positions[i + k]);
      max[k] = Math.max(max[k], positions[i + k]);
    }
  }
  let extent = Math.max(max[0] - min[0], max[1] - min[1]) * 1.2;
  let centre: [number, number, number] = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, 0];
  if (view.zoom !== undefined) {
    // A camera at a distance, aimed at the middle of the object's bounding sphere, not framed to this
    // view's outline: zoom > 1 came nearer (the subject fills more of the photo), and it stays in frame.
    const r = boundingSphere(positions);
    extent = (2 * r.radius * 1.4) / view.zoom;
    centre = [r.centre[0], r.centre[1], 0];
  }
  if (view.focal35 !== undefined) {
    // A pinhole camera of that 35 mm equivalent focal length, as far from the subject's middle as frames
    // `extent` there: every vertex is scaled toward the image centre by distance / (distance − depth),
    // which keeps straight edges straight, so the orthographic rasteriser draws the perspective photo.
    // A margin, as a photographer leaves one: the near side looks larger than the middle.
    extent *= 1.15;
    const focalPx = (view.focal35 * Math.hypot(TRUTH_VIEW.size, TRUTH_VIEW.size)) / FRAME_DIAGONAL_MM;
    const distance = (focalPx * extent) / TRUTH_VIEW.size;
    const r = boundingSphere(positions);
    for (let i = 0; i < positions.length; i += 3) {
      const k = distance / (distance - (positions[i + 2] - r.centre[2]));
      positions[i] = centre[0] + (positions[i] - centre[0]) * k;
      positions[i + 1] = centre[1] + (positions[i + 1] - centre[1]) * k;
    }
  }
  const { image } = rasterise(
    {
      positions: Float32Array.from(positions),
      indices: Uint32Array.from(indices),
      triangleColours: Uint8Array.from(colours),
    },
    {
      yaw: 0,
      pitch: 0,
      width: TRUTH_VIEW.size,
      height: TRUTH_VIEW.size,
      extent,
      centre,
    },
  );
  // Outer surface only: a sample inside any other part of the union is hidden and dropped.
  const random = rng(7);
  const pts: number[] = [];
  const nrm: number[] = [];
  let area = 0;
  const areas = shape.parts.map((p) => {
    let a = 0;
    for (let t = 0; t < p.indices.length; t += 3) {
      const [i, j, k] = [p.indices[t] * 3, p.indices[t + 1] * 3, p.indices[t + 2] * 3];
      const P = p.positions;
      const u = [P[j] - P[i], P[j + 1] - P[i + 1], P[j + 2] - P[i + 2]];
      const v = [P[k] - P[i], P[k + 1] - P[i + 1], P[k + 2] - P[i + 2]];
      a += Math.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]) / 2;
    }
    area += a;
    return a;
  });
  shape.parts.forEach((part, n) => {
    const others = shape.parts.filter((_, m) => m !== n);
    const want = Math.ceil((samples * 1.5 * areas[n]) / area);
    const s = sampleSurface(
      part.positions,
      part.indices,
      want,
      random,
      (x, y, z) => !others.some((o) => o.inside([x, y, z])),
      nrm,
    );
    for (let i = 0; i < s.length; i += 3) pts.push(...tf(s[i], s[i + 1], s[i + 2]));
  });
  // Exactly `samples` points, chosen uniformly from the accepted ones.
  const all = Float32Array.from(pts);
  const count = all.length / 3;
  // tf only turns, so the normals turn with it.
  const turned = new Float32Array(nrm.length);
  for (let i = 0; i < nrm.length; i += 3) turned.set(tf(nrm[i], nrm[i + 1], nrm[i + 2]), i);
  const points = new Float32Array(samples * 3);
  const normals = new Float32Array(samples * 3);
  for (let i = 0; i < samples; i++) {
    const j = Math.floor(random() * count);
    points.set(all.subarray(j * 3, j * 3 + 3), i * 3);
    normals.set(turned.subarray(j * 3, j * 3 + 3), i * 3);
  }
  return { image, points, normals };
}

/** Centre of the bounding box and the largest distance from it (camera-frame positions). */
function boundingSphere(p: number[]): { centre: [number, number, number]; radius: number } {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3], p[i]);
    hi[i % 3] = Math.max(hi[i % 3], p[i]);
  }
  const c: [number, number, number] = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2];
  let r = 0;
  for (let i = 0; i < p.length; i += 3)
    r = Math.max(r, Math.hypot(p[i] - c[0], p[i + 1] - c[1], p[i + 2] - c[2]));
  return { centre: c, radius: r };
}
