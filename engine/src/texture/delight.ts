/**
 * Delighting: the photo's shading, shadows and highlights out of the base colour, so a viewer that lights
 * the model itself does not show two lights.
 *
 * On the finished textured mesh, still in the photo's camera frame (+Z toward the camera): the texture's
 * texels are given the mesh's normals by rasterising the triangles in texture space (at a quarter of the
 * texture's side: the light is smooth); where the normal faces the camera (the photo saw that surface
 * head-on, so the normal is one the silhouette and shading trust) the light is fitted as spherical
 * harmonics of brightness (light.ts); every texel is then divided by the fitted light at its normal,
 * relative to the light's typical value, so the photo's overall colours stay. Texels the photo did not
 * see (the back, painted from the rim's colours) are divided by the light at the rim in their direction:
 * that is the light their colours were taken under. Highlights (bright, colourless spots well above the
 * surrounding delit colour) are replaced by that colour.
 */
import { vertexNormals } from '../geometry/normals.ts';
import type { Mesh, RgbaImage } from '../types.ts';
import { fitLightGrouped, shEval } from './light.ts';

export interface DelightOptions {
  enabled: boolean;
  /** Texture texels per light-map texel, each way. */
  downscale: number;
  /** A normal whose z (toward the camera) is at least this is trusted to explain the photo's shading. */
  trustCos: number;
  /** The light is divided out by at most this factor either way (a fit gone wrong stays mild). */
  maxFactor: number;
  /** A fitted light varying less than this (90th / 10th percentile) over the trusted surface is flat: left in. */
  minSpread: number;
  /** Trusted light-map texels needed for a fit. */
  minSamples: number;
  /** At most this many of them are fitted. */
  maxSamples: number;
  /** A highlight: linear luminance this many times the surrounding delit colour's... */
  highlightRatio: number;
  /** Light-map cells an opening spans each way: highlights narrower than twice this are found. */
  highlightRadius: number;
  /** ...and at least this bright (linear, 0..1)... */
  highlightMinLuma: number;
  /** ...and at most this saturated ((max − min) / max of rgb). */
  highlightMaxSaturation: number;
  /** Chromaticity bin size: samples of one bin are one paint, whose brightness the light fit may not use. */
  chromaStep: number;
  /** Samples a paint needs to be its own group (fewer: pooled). */
  minGroup: number;
  /** Roughness reported for a surface with highlights; none (the exporters' default) without. */
  glossyRoughness: number;
  /** Share of the trusted surface in highlights for the surface to count as glossy. */
  glossyShare: number;
}

const DELIGHT_DEFAULTS: DelightOptions = {
  enabled: true,
  downscale: 4,
  trustCos: 0.35,
  maxFactor: 2.5,
  minSpread: 1.08,
  minSamples: 200,
  maxSamples: 1500,
  chromaStep: 0.035,
  minGroup: 12,
  highlightRatio: 2,
  highlightRadius: 6,
  highlightMinLuma: 0.6,
  highlightMaxSaturation: 0.25,
  glossyRoughness: 0.45,
  glossyShare: 0.002,
};

export interface DelightReport {
  applied: boolean;
  /** The fitted light's 90th / 10th percentile over the trusted surface (1 = flat light). */
  spread: number;
  /** Normal (camera frame) the fitted light is brightest on. */
  lightDirection: [number, number, number];
  /** Share of the trusted surface's texels replaced as highlights. */
  highlights: number;
  /** Set only when highlights were seen: a glossy surface. */
  roughness?: number;
  ms: number;
}

const TO_LINEAR = new Float32Array(256).map((_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
const LUT = 4096;
const TO_SRGB = new Uint8Array(LUT + 1).map((_, i) => {
  const c = i / LUT;
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, s)) * 255);
});
/** Factor levels of the division table: 0.2 % apart at most over 0.4–2.5. */
const DIVISION_STEPS = 1024;
const divisionTables = new Map<number, Uint8Array>();
/**
 * sRGB value ÷ factor (in linear light) → sRGB, for every 8-bit value and `DIVISION_STEPS` + 1 factors
 * from 1/max to max: the per-texel division becomes a table look-up.
 */
function divisionTable(maxFactor: number): Uint8Array {
  let table = divisionTables.get(maxFactor);
  if (table) return table;
  table = new Uint8Array((DIVISION_STEPS + 1) * 256);
  const lo = 1 / maxFactor;
  for (let s = 0; s <= DIVISION_STEPS; s++) {
    const f = lo + ((maxFactor - lo) * s) / DIVISION_STEPS;
    for (let v = 0; v < 256; v++) table[s * 256 + v] = toSrgb(TO_LINEAR[v] / f);
  }
  divisionTables.set(maxFactor, table);
  return table;
}
const toSrgb = (v: number) => TO_SRGB[Math.max(0, Math.min(LUT, Math.round(v * LUT)))];
const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** Normal per light-map texel (0,0,0 where no triangle covers it). */
function rasteriseNormals(mesh: Mesh, w: number, h: number): Float32Array {
  const normals = mesh.normals ?? vertexNormals(mesh.positions, mesh.indices);
  const out = new Float32Array(w * h * 3);
  const { uvs, indices } = mesh;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t];
    const b = indices[t + 1];
    const c = indices[t + 2];
    const ax = uvs[a * 2] * w;
    const ay = uvs[a * 2 + 1] * h;
    const bx = uvs[b * 2] * w;
    const by = uvs[b * 2 + 1] * h;
    const cx = uvs[c * 2] * w;
    const cy = uvs[c * 2 + 1] * h;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (Math.abs(area) < 1e-12) continue;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const x1 = Math.min(w - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const y1 = Math.min(h - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const wa = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
        const wb = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
        const wc = 1 - wa - wb;
        if (wa < -1e-4 || wb < -1e-4 || wc < -1e-4) continue;
        let nx = wa * normals[a * 3] + wb * normals[b * 3] + wc * normals[c * 3];
        let ny = wa * normals[a * 3 + 1] + wb * normals[b * 3 + 1] + wc * normals[c * 3 + 1];
        let nz = wa * normals[a * 3 + 2] + wb * normals[b * 3 + 2] + wc * normals[c * 3 + 2];
        const len = Math.hypot(nx, ny, nz) || 1;
        nx /= len;
        ny /= len;
        nz /= len;
        const o = (y * w + x) * 3;
        out[o] = nx;
        out[o + 1] = ny;
        out[o + 2] = nz;
      }
    }
  }
  return out;
}

/**
 * Fills unset cells of a `channels`-valued map from their set neighbours, ring by ring outward (each cell
 * once, breadth first); cells more than `rings` away take `fallback`. Plain loops: closures made per
 * cell cost more than the filling.
 */
function dilate(
  map: Float32Array,
  set: Uint8Array,
  w: number,
  h: number,
  channels: number,
  fallback: number,
  rings = 24,
) {
  const queued = Uint8Array.from(set);
  let ring = new Int32Array(w * h);
  let next = new Int32Array(w * h);
  let size = 0;
  for (let i = 0; i < w * h; i++) {
    if (set[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    let edge = false;
    for (let dy = -1; dy <= 1 && !edge; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < w && yy < h && set[yy * w + xx]) {
          edge = true;
          break;
        }
      }
    if (edge) {
      ring[size++] = i;
      queued[i] = 1;
    }
  }
  const acc = new Float64Array(channels);
  for (let r = 0; r < rings && size > 0; r++) {
    for (let q = 0; q < size; q++) {
      const i = ring[q];
      const x = i % w;
      const y = (i - x) / w;
      acc.fill(0);
      let n = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
          const j = yy * w + xx;
          if (!set[j]) continue;
          for (let k = 0; k < channels; k++) acc[k] += map[j * channels + k];
          n++;
        }
      for (let k = 0; k < channels; k++) map[i * channels + k] = n ? acc[k] / n : fallback;
    }
    for (let q = 0; q < size; q++) set[ring[q]] = 1;
    let nextSize = 0;
    for (let q = 0; q < size; q++) {
      const i = ring[q];
      const x = i % w;
      const y = (i - x) / w;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
          const j = yy * w + xx;
          if (queued[j]) continue;
          queued[j] = 1;
          next[nextSize++] = j;
        }
    }
    [ring, next] = [next, ring];
    size = nextSize;
  }
  for (let i = 0; i < w * h; i++)
    if (!set[i]) for (let k = 0; k < channels; k++) map[i * channels + k] = fallback;
}

function percentile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))];
}

/** The texture with the photo's light divided out (a new image; the input is not changed). */
export function delight(
  mesh: Mesh,
  texture: RgbaImage,
  options: Partial<DelightOptions> = {},
): { texture: RgbaImage; report: DelightReport } {
  const opts = { ...DELIGHT_DEFAULTS, ...options };
  const started = performance.now();
  const skip = (spread: number, dir: [number, number, number] = [0, 0, 1]) => ({
    texture,
    report: {
      applied: false,
      spread,
      lightDirection: dir,
      highlights: 0,
      ms: Math.round(performance.now() - started),
    },
  });
  if (!opts.enabled) return skip(1);
  const W = texture.width;
  const H = texture.height;
  const d = opts.downscale;
  const w = Math.max(1, Math.ceil(W / d));
  const h = Math.max(1, Math.ceil(H / d));
  const nrm = rasteriseNormals(mesh, w, h);
  const src = texture.data;

  // Linear colour of each light-map cell: the mean of the 2 × 2 texels at its centre (the light is
  // smooth and the fit robust; reading every texel cost as much as the rest of the step).
  const block = new Float32Array(w * h * 3);
  for (let cy = 0; cy < h; cy++) {
    const y0 = Math.min(H - 1, cy * d + (d >> 1) - 1);
    const y1 = Math.min(H - 1, y0 + 1);
    for (let cx = 0; cx < w; cx++) {
      const x0 = Math.min(W - 1, cx * d + (d >> 1) - 1);
      const x1 = Math.min(W - 1, x0 + 1);
      const c = (cy * w + cx) * 3;
      const a = (y0 * W + x0) * 4;
      const b = (y0 * W + x1) * 4;
      const e = (y1 * W + x0) * 4;
      const f = (y1 * W + x1) * 4;
      for (let k = 0; k < 3; k++)
        block[c + k] =
          (TO_LINEAR[src[a + k]] + TO_LINEAR[src[b + k]] + TO_LINEAR[src[e + k]] + TO_LINEAR[src[f + k]]) / 4;
    }
  }

  const trusted: number[] = [];
  for (let i = 0; i < w * h; i++) if (nrm[i * 3 + 2] >= opts.trustCos) trusted.push(i);
  if (trusted.length < opts.minSamples) return skip(1);
  // The light is smooth: a few thousand evenly spread samples fit it as well as every cell.
  const stride = Math.max(1, Math.floor(trusted.length / opts.maxSamples));
  const fitCells = trusted.filter((_, j) => j % stride === 0);
  const sn = new Float32Array(fitCells.length * 3);
  const sv = new Float32Array(fitCells.length);
  fitCells.forEach((i, j) => {
    sn.set(nrm.subarray(i * 3, i * 3 + 3), j * 3);
    sv[j] = luma(block[i * 3], block[i * 3 + 1], block[i * 3 + 2]);
  });
  const { groups, count } = paintGroups(block, fitCells, opts.chromaStep, opts.minGroup);
  const coeffs = fitLightGrouped(sn, sv, groups, count);
  const lit = fitCells.map((i) => shEval(coeffs, nrm[i * 3], nrm[i * 3 + 1], nrm[i * 3 + 2]));
  const typical = percentile(lit, 0.5);
  const spread = percentile(lit, 0.9) / Math.max(1e-6, percentile(lit, 0.1));
  const brightest = brightestNormal(coeffs);
  if (!(typical > 1e-4) || !(spread >= opts.minSpread)) return skip(spread, brightest);

  // Shading factor per light-map cell: the light at its normal (or at the rim in its direction, for
  // surfaces the camera did not face) over the typical light.
  const factor = new Float32Array(w * h);
  const covered = new Uint8Array(w * h);
  const rimMean = rimAverage(coeffs);
  for (let i = 0; i < w * h; i++) {
    const nx = nrm[i * 3];
    const ny = nrm[i * 3 + 1];
    const nz = nrm[i * 3 + 2];
    if (nx === 0 && ny === 0 && nz === 0) continue;
    let e: number;
    if (nz >= 0) e = shEval(coeffs, nx, ny, nz);
    else {
      const r = Math.hypot(nx, ny);
      e = r > 1e-6 ? r * shEval(coeffs, nx / r, ny / r, 0) + (1 - r) * rimMean : rimMean;
    }
    factor[i] = Math.min(opts.maxFactor, Math.max(1 / opts.maxFactor, e / typical));
    covered[i] = 1;
  }
  dilate(factor, covered, w, h, 1, 1);

  // Highlights, found on the light map: cells far brighter (once delit) than the floor an opening of
  // the map leaves (a bright spot narrower than the window is gone from it), colourless and bright.
  const delitLuma = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++)
    delitLuma[i] = luma(block[i * 3], block[i * 3 + 1], block[i * 3 + 2]) / factor[i];
  const floor = opening(delitLuma, w, h, opts.highlightRadius);
  const isTrusted = new Uint8Array(w * h);
  for (const i of trusted) isTrusted[i] = 1;
  const spot = new Uint8Array(w * h);
  const paint = new Float32Array(w * h * 3);
  const clean = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const r = block[i * 3] / factor[i];
    const g = block[i * 3 + 1] / factor[i];
    const b = block[i * 3 + 2] / factor[i];
    paint[i * 3] = r;
    paint[i * 3 + 1] = g;
    paint[i * 3 + 2] = b;
    const max = Math.max(r, g, b);
    const bright = delitLuma[i] > opts.highlightRatio * floor[i] && delitLuma[i] >= opts.highlightMinLuma;
    const grey = max > 0 && (max - Math.min(r, g, b)) / max <= opts.highlightMaxSaturation;
    spot[i] = isTrusted[i] && bright && grey ? 1 : 0;
    clean[i] = spot[i] ? 0 : 1;
  }
  // What a highlight stands on: the paint around it, carried in.
  dilate(paint, clean, w, h, 3, 0);

  const divide = divisionTable(opts.maxFactor);
  const steps = DIVISION_STEPS;
  const lo = 1 / opts.maxFactor;
  const perStep = steps / (opts.maxFactor - lo);
  // The factor map is read bilinearly, its columns' weights worked out once.
  const x0s = new Int32Array(W);
  const x1s = new Int32Array(W);
  const txs = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const sx = Math.min(Math.max((x + 0.5) / d - 0.5, 0), w - 1);
    x0s[x] = Math.floor(sx);
    x1s[x] = Math.min(x0s[x] + 1, w - 1);
    txs[x] = sx - x0s[x];
  }
  const out = new Uint8Array(src.length);
  let trustedTexels = 0;
  let highlights = 0;
  const rgb = new Float32Array(3);
  for (let y = 0; y < H; y++) {
    const cy = Math.floor(y / d);
    const sy = Math.min(Math.max((y + 0.5) / d - 0.5, 0), h - 1);
    const r0 = Math.floor(sy) * w;
    const r1 = Math.min(Math.floor(sy) + 1, h - 1) * w;
    const ty = sy - Math.floor(sy);
    for (let x = 0; x < W; x++) {
      const o = y * W + x;
      const t = txs[x];
      const fa = factor[r0 + x0s[x]] * (1 - t) + factor[r0 + x1s[x]] * t;
      const fb = factor[r1 + x0s[x]] * (1 - t) + factor[r1 + x1s[x]] * t;
      const f = fa * (1 - ty) + fb * ty;
      const row = ((f - lo) * perStep + 0.5) | 0;
      const base = (row < 0 ? 0 : Math.min(row, steps)) * 256;
      out[o * 4] = divide[base + src[o * 4]];
      out[o * 4 + 1] = divide[base + src[o * 4 + 1]];
      out[o * 4 + 2] = divide[base + src[o * 4 + 2]];
      out[o * 4 + 3] = src[o * 4 + 3];
      const cell = cy * w + ((x / d) | 0);
      if (isTrusted[cell]) trustedTexels++;
      if (!(spot[cell] || (cell + 1 < w * h && spot[cell + 1]) || (cell >= 1 && spot[cell - 1]))) continue;
      // Only the texels of a highlight cell (or beside one) that are themselves bright and colourless.
      const r = TO_LINEAR[src[o * 4]] / f;
      const g = TO_LINEAR[src[o * 4 + 1]] / f;
      const b = TO_LINEAR[src[o * 4 + 2]] / f;
      const Y = luma(r, g, b);
      const max = Math.max(r, g, b);
      if (
        Y >= opts.highlightMinLuma &&
        Y > opts.highlightRatio * floor[cell] &&
        (max - Math.min(r, g, b)) / max <= opts.highlightMaxSaturation
      ) {
        sample3(paint, w, h, x, y, d, rgb);
        out[o * 4] = toSrgb(rgb[0]);
        out[o * 4 + 1] = toSrgb(rgb[1]);
        out[o * 4 + 2] = toSrgb(rgb[2]);
        highlights++;
      }
    }
  }
  const share = highlights / Math.max(1, trustedTexels);
  return {
    texture: { width: W, height: H, data: out },
    report: {
      applied: true,
      spread: Math.round(spread * 1000) / 1000,
      lightDirection: brightest,
      highlights: Math.round(share * 1e5) / 1e5,
      roughness: share >= opts.glossyShare ? opts.glossyRoughness : undefined,
      ms: Math.round(performance.now() - started),
    },
  };
}

/**
 * Running extreme over windows of 2r + 1 along one line, in constant time per cell (van Herk /
 * Gil–Werman: prefix and suffix extremes over blocks of the window's length); `sign` −1 for the
 * minimum, +1 for the maximum (values negated for the minimum, so one loop serves both).
 */
function runningMax(
  line: Float32Array,
  r: number,
  sign: number,
  pre: Float32Array,
  suf: Float32Array,
  out: Float32Array,
) {
  const m = line.length;
  const k = 2 * r + 1;
  for (let i = 0; i < m; i++) {
    const v = sign * line[i];
    pre[i] = i % k === 0 ? v : Math.max(pre[i - 1], v);
  }
  for (let i = m - 1; i >= 0; i--) {
    const v = sign * line[i];
    suf[i] = i === m - 1 || (i + 1) % k === 0 ? v : Math.max(suf[i + 1], v);
  }
  for (let i = 0; i < m; i++) {
    const lo = Math.max(i - r, 0);
    const hi = Math.min(i + r, m - 1);
    // [lo, hi] spans at most two blocks: the suffix of the first and the prefix of the second. Within one
    // block the window starts the block (pre) or, cut short by the line's end, ends it (suf).
    let v: number;
    if (Math.floor(lo / k) !== Math.floor(hi / k)) v = Math.max(suf[lo], pre[hi]);
    else v = lo % k === 0 ? pre[hi] : suf[lo];
    out[i] = sign * v;
  }
}

/** Grey-scale opening (minimum, then maximum, over a square of side 2r + 1), separable. */
function opening(map: Float32Array, w: number, h: number, r: number): Float32Array {
  const n = Math.max(w, h);
  const line = new Float32Array(n);
  const pre = new Float32Array(n);
  const suf = new Float32Array(n);
  const res = new Float32Array(n);
  const pass = (src: Float32Array, sign: number) => {
    const rows = new Float32Array(src.length);
    const lw = line.subarray(0, w);
    const rw = res.subarray(0, w);
    for (let y = 0; y < h; y++) {
      lw.set(src.subarray(y * w, y * w + w));
      runningMax(lw, r, sign, pre, suf, rw);
      rows.set(rw, y * w);
    }
    const out = new Float32Array(src.length);
    const lh = line.subarray(0, h);
    const rh = res.subarray(0, h);
    for (let x = 0; x < w; x++) {
      for (let y = 0; y < h; y++) lh[y] = rows[y * w + x];
      runningMax(lh, r, sign, pre, suf, rh);
      for (let y = 0; y < h; y++) out[y * w + x] = rh[y];
    }
    return out;
  };
  return pass(pass(map, -1), 1);
}

/** Bilinear sample of a three-channel light map at texture texel (x, y). */
function sample3(
  map: Float32Array,
  w: number,
  h: number,
  x: number,
  y: number,
  d: number,
  out: Float32Array,
) {
  const sx = Math.min(Math.max((x + 0.5) / d - 0.5, 0), w - 1);
  const sy = Math.min(Math.max((y + 0.5) / d - 0.5, 0), h - 1);
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const x1 = Math.min(x0 + 1, w - 1);
  const y1 = Math.min(y0 + 1, h - 1);
  const tx = sx - x0;
  const ty = sy - y0;
  for (let k = 0; k < 3; k++) {
    const at = (xx: number, yy: number) => map[(yy * w + xx) * 3 + k];
    out[k] =
      (at(x0, y0) * (1 - tx) + at(x1, y0) * tx) * (1 - ty) + (at(x0, y1) * (1 - tx) + at(x1, y1) * tx) * ty;
  }
}

/**
 * Samples grouped by chromaticity (r and g shares of linear rgb): shade changes brightness, not
 * chromaticity, so a group is one paint. Very dark samples (chromaticity is noise there) and small
 * groups are pooled in group 0.
 */
function paintGroups(block: Float32Array, cells: number[], step: number, minGroup: number) {
  const key = new Int32Array(cells.length);
  const sizes = new Map<number, number>();
  cells.forEach((i, j) => {
    const r = block[i * 3];
    const g = block[i * 3 + 1];
    const b = block[i * 3 + 2];
    const sum = r + g + b;
    const k = sum < 0.02 ? -1 : Math.floor(r / sum / step) * 1000 + Math.floor(g / sum / step);
    key[j] = k;
    sizes.set(k, (sizes.get(k) ?? 0) + 1);
  });
  const id = new Map<number, number>();
  let count = 1;
  for (const [k, n] of sizes) if (k >= 0 && n >= minGroup) id.set(k, count++);
  const groups = new Int32Array(cells.length);
  for (let j = 0; j < cells.length; j++) groups[j] = id.get(key[j]) ?? 0;
  return { groups, count };
}

/** The light's mean over the rim (normals in the image plane). */
function rimAverage(c: Float64Array): number {
  let s = 0;
  for (let k = 0; k < 16; k++) {
    const a = (k / 16) * 2 * Math.PI;
    s += shEval(c, Math.cos(a), Math.sin(a), 0);
  }
  return s / 16;
}

/** The normal the fitted light is brightest on (coarse search over the half the photo saw, z ≥ 0). */
function brightestNormal(c: Float64Array): [number, number, number] {
  let best: [number, number, number] = [0, 0, 1];
  let bestV = -Infinity;
  for (let i = 0; i <= 24; i++) {
    const theta = (i / 24) * Math.PI;
    for (let j = 0; j <= 24; j++) {
      const phi = (j / 24) * Math.PI;
      const n: [number, number, number] = [
        Math.sin(theta) * Math.cos(phi),
        Math.cos(theta),
        Math.sin(theta) * Math.sin(phi),
      ];
      const v = shEval(c, n[0], n[1], n[2]);
      if (v > bestV) {
        bestV = v;
        best = n.map((x) => Math.round(x * 1000) / 1000) as [number, number, number];
      }
    }
  }
  return best;
}
