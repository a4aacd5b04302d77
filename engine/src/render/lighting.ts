/**
 * Studio lighting, evaluated per vertex in linear light (the turntable camera and lights stay fixed;
 * the subject turns through them).
 *
 * notes
 * - Key (warm, upper left front) + fill (cool, right) + sky/ground hemisphere + a back rim. Photo
 *   textures already carry the photo's shading, so the rig is calibrated to multiply a front-lit
 *   surface by ≈1.0 and only adds shape: a wrapped (half-Lambert-like) key keeps the terminator soft.
 * - Per vertex, not per pixel: the engine's meshes have 5k–100k triangles, a few pixels each at 720p,
 *   so per-pixel lighting would add a normalisation and the light sums to every pixel for no visible
 *   gain. Specular is kept broad
 *   and weak so Gouraud interpolation cannot show facets.
 * - A little floor occlusion darkens the lowest few percent of the subject, which together with the
 *   contact shadow makes it sit on the ground instead of floating.
 */
import type { Rgb } from './color.ts';

export interface LightRig {
  key: { dir: Rgb; color: Rgb; intensity: number; wrap: number };
  fill: { dir: Rgb; color: Rgb; intensity: number; wrap: number };
  rim: { dir: Rgb; color: Rgb; intensity: number };
  sky: Rgb;
  ground: Rgb;
  hemisphere: number;
  specular: number;
  /** Blinn-Phong exponent, rounded to a power of two (evaluated by repeated squaring, no pow()). */
  shininess: number;
  /** Height above the floor (model units, height 1) over which floor occlusion fades out. */
  floorOcclusion: number;
}

export const LIGHT_DEFAULTS: LightRig = {
  key: { dir: [-0.55, 0.7, 0.75], color: [1, 0.96, 0.9], intensity: 0.95, wrap: 0.35 },
  fill: { dir: [0.85, 0.2, 0.45], color: [0.88, 0.94, 1], intensity: 0.28, wrap: 0.5 },
  rim: { dir: [0.3, 0.5, -0.85], color: [1, 1, 1], intensity: 0.35 },
  sky: [0.96, 0.98, 1],
  ground: [0.62, 0.58, 0.54],
  hemisphere: 0.34,
  specular: 0.09,
  shininess: 16,
  floorOcclusion: 0.12,
};

/** Precomputed, normalised form of a rig for the per-vertex loop. */
export interface Lighting {
  kx: number;
  ky: number;
  kz: number;
  kr: number;
  kg: number;
  kb: number;
  kWrap: number;
  fx: number;
  fy: number;
  fz: number;
  fr: number;
  fg: number;
  fb: number;
  fWrap: number;
  rx: number;
  ry: number;
  rz: number;
  rr: number;
  rg: number;
  rb: number;
  skyR: number;
  skyG: number;
  skyB: number;
  gndR: number;
  gndG: number;
  gndB: number;
  specular: number;
  squarings: number;
  floorOcclusion: number;
}

function unit(v: Rgb): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

export function prepareLighting(rig: LightRig): Lighting {
  const k = unit(rig.key.dir);
  const f = unit(rig.fill.dir);
  const r = unit(rig.rim.dir);
  const h = rig.hemisphere;
  return {
    kx: k[0],
    ky: k[1],
    kz: k[2],
    kr: rig.key.color[0] * rig.key.intensity,
    kg: rig.key.color[1] * rig.key.intensity,
    kb: rig.key.color[2] * rig.key.intensity,
    kWrap: rig.key.wrap,
    fx: f[0],
    fy: f[1],
    fz: f[2],
    fr: rig.fill.color[0] * rig.fill.intensity,
    fg: rig.fill.color[1] * rig.fill.intensity,
    fb: rig.fill.color[2] * rig.fill.intensity,
    fWrap: rig.fill.wrap,
    rx: r[0],
    ry: r[1],
    rz: r[2],
    rr: rig.rim.color[0] * rig.rim.intensity,
    rg: rig.rim.color[1] * rig.rim.intensity,
    rb: rig.rim.color[2] * rig.rim.intensity,
    skyR: rig.sky[0] * h,
    skyG: rig.sky[1] * h,
    skyB: rig.sky[2] * h,
    gndR: rig.ground[0] * h,
    gndG: rig.ground[1] * h,
    gndB: rig.ground[2] * h,
    specular: rig.specular,
    squarings: Math.max(0, Math.round(Math.log2(Math.max(1, rig.shininess)))),
    floorOcclusion: rig.floorOcclusion,
  };
}

/**
 * Light arriving at every visible vertex: writes diffuse multiplier (r, g, b) and additive specular to
 * out[4i..4i+3]. `normals` are the turned unit normals, `views` unit vectors towards the eye, `lifts`
 * heights above the floor (3, 3 and 1 values per vertex).
 *
 * One loop over all vertices rather than a call per vertex: V8 boxes every double argument of a call
 * it does not inline, which allocated ~3 MB per frame and kept the young-generation GC busy.
 */
export function lightVertices(
  L: Lighting,
  visible: Uint8Array,
  normals: Float32Array,
  views: Float32Array,
  lifts: Float32Array,
  out: Float32Array,
): void {
  const count = visible.length;
  for (let i = 0; i < count; i++) {
    if (visible[i] === 0) continue;
    const nx = normals[i * 3];
    const ny = normals[i * 3 + 1];
    const nz = normals[i * 3 + 2];
    const vx = views[i * 3];
    const vy = views[i * 3 + 1];
    const vz = views[i * 3 + 2];
    const lift = lifts[i];
    const o = i * 4;
    const hemi = 0.5 + 0.5 * ny;
    let r = L.gndR + (L.skyR - L.gndR) * hemi;
    let g = L.gndG + (L.skyG - L.gndG) * hemi;
    let b = L.gndB + (L.skyB - L.gndB) * hemi;

    const kd = (nx * L.kx + ny * L.ky + nz * L.kz + L.kWrap) / (1 + L.kWrap);
    if (kd > 0) {
      const s = kd * kd * (3 - 2 * Math.min(1, kd)); // smooth, no hard terminator
      r += L.kr * s;
      g += L.kg * s;
      b += L.kb * s;
    }
    const fd = (nx * L.fx + ny * L.fy + nz * L.fz + L.fWrap) / (1 + L.fWrap);
    if (fd > 0) {
      r += L.fr * fd;
      g += L.fg * fd;
      b += L.fb * fd;
    }

    // Rim: light from behind that only shows where the surface turns away from the viewer.
    const ndv = nx * vx + ny * vy + nz * vz;
    const edge = 1 - Math.max(0, ndv);
    const rd = nx * L.rx + ny * L.ry + nz * L.rz;
    if (rd > -0.2) {
      const rim = edge * edge * edge * Math.min(1, rd + 0.2);
      r += L.rr * rim;
      g += L.rg * rim;
      b += L.rb * rim;
    }

    // Floor occlusion: the ground's own ambient is blocked near the contact.
    if (lift < L.floorOcclusion) {
      const t = Math.max(0, lift / L.floorOcclusion);
      const occ = 0.62 + 0.38 * t * (2 - t);
      r *= occ;
      g *= occ;
      b *= occ;
    }

    // Broad Blinn-Phong from the key.
    let spec = 0;
    let hx = L.kx + vx;
    let hy = L.ky + vy;
    let hz = L.kz + vz;
    const hl = Math.sqrt(hx * hx + hy * hy + hz * hz);
    if (hl > 0) {
      hx /= hl;
      hy /= hl;
      hz /= hl;
      const ndh = nx * hx + ny * hy + nz * hz;
      if (ndh > 0 && kd > 0) {
        let p = ndh;
        for (let k = 0; k < L.squarings; k++) p *= p;
        spec = L.specular * p;
      }
    }

    out[o] = r;
    out[o + 1] = g;
    out[o + 2] = b;
    out[o + 3] = spec;
  }
}
