/**
 * Texture from every view: each texel of the finished mesh is coloured by the photos that see its surface
 * point, weighted by how squarely they see it (cos² of the angle between the normal and the direction to
 * the camera), so colours cross-fade between views instead of jumping at a seam. The front half of the
 * atlas already holds the front photo; the back half held a blurred guess that any real view replaces.
 * Each extra photo's brightness is matched to the front's (within limits) so exposure differences between
 * hand-held shots do not show as bands.
 */
import type { Atlas } from '../texture/atlas.ts';
import type { Mesh, RgbaImage } from '../types.ts';
import { meanLuminance, sampleRgb } from './photo-sample.ts';
import { maskAt } from './register.ts';
import type { RegisteredView } from './views.ts';

export interface PaintOptions {
  /** Exponent of the viewing-angle weight. */
  power: number;
  /** Weight of the back half's guessed colour (only where no photo sees the point). */
  guessWeight: number;
  /** Limits of the per-view brightness gain. */
  maxGain: number;
}

const PAINT_DEFAULTS: PaintOptions = { power: 2, guessWeight: 1e-3, maxGain: 1.25 };

export function paintViews(
  mesh: Mesh,
  texture: RgbaImage,
  atlas: Atlas,
  front: { image: RgbaImage; mask: Float32Array },
  views: RegisteredView[],
  options: Partial<PaintOptions> = {},
): { painted: number } {
  const opts = { ...PAINT_DEFAULTS, ...options };
  const used = views.filter((v) => v.colours);
  if (!used.length) return { painted: 0 };
  const frontLum = meanLuminance(front.image, front.mask);
  const gains = used.map((v) =>
    Math.min(
      opts.maxGain,
      Math.max(1 / opts.maxGain, frontLum / Math.max(1, meanLuminance(v.image, v.mask))),
    ),
  );
  // Which half of the atlas is the back: the offset between an image point's two texture positions.
  const probe = new Float32Array(4);
  atlas.uv(0, 0, 0, probe, 0);
  atlas.uv(0, 0, 1, probe, 2);
  const backIsRight = probe[2] - probe[0] > 0.25;
  const S = texture.width;
  const T = texture.data;
  const { positions: P, normals: N, uvs: U, indices: I } = mesh;
  if (!N) return { painted: 0 };
  const rgb = new Float64Array(3);
  const acc = new Float64Array(3);
  let painted = 0;
  for (let t = 0; t < I.length; t += 3) {
    const a = I[t];
    const b = I[t + 1];
    const c = I[t + 2];
    const ax = U[a * 2] * S;
    const ay = U[a * 2 + 1] * S;
    const bx = U[b * 2] * S;
    const by = U[b * 2 + 1] * S;
    const cx = U[c * 2] * S;
    const cy = U[c * 2 + 1] * S;
    const det = (by - cy) * (ax - cx) + (cx - bx) * (ay - cy);
    if (Math.abs(det) < 1e-12) continue;
    const onBack = backIsRight ? (ax + bx + cx) / 3 > S / 2 : (ay + by + cy) / 3 > S / 2;
    const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const maxX = Math.min(S - 1, Math.ceil(Math.max(ax, bx, cx)));
    const minY = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const maxY = Math.min(S - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let ty = minY; ty <= maxY; ty++) {
      for (let tx = minX; tx <= maxX; tx++) {
        const qx = tx + 0.5;
        const qy = ty + 0.5;
        const l1 = ((by - cy) * (qx - cx) + (cx - bx) * (qy - cy)) / det;
        const l2 = ((cy - ay) * (qx - cx) + (ax - cx) * (qy - cy)) / det;
        const l3 = 1 - l1 - l2;
        // A little past the edges, so texture filtering at the seams reads painted texels.
        if (l1 < -0.05 || l2 < -0.05 || l3 < -0.05) continue;
        const x = l1 * P[a * 3] + l2 * P[b * 3] + l3 * P[c * 3];
        const y = l1 * P[a * 3 + 1] + l2 * P[b * 3 + 1] + l3 * P[c * 3 + 1];
        const z = l1 * P[a * 3 + 2] + l2 * P[b * 3 + 2] + l3 * P[c * 3 + 2];
        let nx = l1 * N[a * 3] + l2 * N[b * 3] + l3 * N[c * 3];
        let ny = l1 * N[a * 3 + 1] + l2 * N[b * 3 + 1] + l3 * N[c * 3 + 1];
        let nz = l1 * N[a * 3 + 2] + l2 * N[b * 3 + 2] + l3 * N[c * 3 + 2];
        const len = Math.hypot(nx, ny, nz) || 1;
        nx /= len;
        ny /= len;
        nz /= len;
        const o = (ty * S + tx) * 4;
        // The texel's current colour: the front photo on the front half, a guess on the back half.
        const w0 = onBack ? opts.guessWeight : Math.max(0, nz) ** opts.power + opts.guessWeight;
        let wsum = w0;
        acc[0] = T[o] * w0;
        acc[1] = T[o + 1] * w0;
        acc[2] = T[o + 2] * w0;
        for (let k = 0; k < used.length; k++) {
          const v = used[k];
          const facing = nx * v.toward[0] + ny * v.toward[1] + nz * v.toward[2];
          if (facing <= 0) continue;
          const r = v.rotation;
          const px = v.centrePx[0] + (r[0] * x + r[1] * y + r[2] * z) / v.unitsPerPixel;
          const py = v.centrePx[1] - (r[3] * x + r[4] * y + r[5] * z) / v.unitsPerPixel;
          if (maskAt(v.mask, v.image.width, v.image.height, px, py) < 0.5) continue;
          const w = facing ** opts.power;
          sampleRgb(v.image, px, py, rgb);
          acc[0] += rgb[0] * gains[k] * w;
          acc[1] += rgb[1] * gains[k] * w;
          acc[2] += rgb[2] * gains[k] * w;
          wsum += w;
        }
        if (wsum === w0) continue;
        T[o] = Math.min(255, Math.round(acc[0] / wsum));
        T[o + 1] = Math.min(255, Math.round(acc[1] / wsum));
        T[o + 2] = Math.min(255, Math.round(acc[2] / wsum));
        painted++;
      }
    }
  }
  return { painted };
}
