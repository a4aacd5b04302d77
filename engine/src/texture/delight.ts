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
import type { Mesh, RgbaImage } from '../types.ts';
import { dilate } from './dilate.ts';
import { divideLight } from './divide-light.ts';
import { findHighlights, type HighlightOptions } from './highlights.ts';
import { brightestNormal, fitLightGrouped, rimAverage, shEval } from './light.ts';
import { paintGroups } from './paint-groups.ts';
import { luma, TO_LINEAR } from './srgb.ts';
import { rasteriseNormals } from './texel-normals.ts';

export interface DelightOptions extends HighlightOptions {
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

/** The q-quantile of values sorted ascending (sorted once by the caller: three quantiles are read). */
function percentile(s: Float64Array, q: number): number {
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

  const block = cellColours(texture, w, h, d);
  const isTrusted = new Uint8Array(w * h);
  let trustedCount = 0;
  for (let i = 0; i < w * h; i++) {
    if (nrm[i * 3 + 2] < opts.trustCos) continue;
    isTrusted[i] = 1;
    trustedCount++;
  }
  if (trustedCount < opts.minSamples) return skip(1);
  // The light is smooth: a few thousand evenly spread samples fit it as well as every cell.
  const stride = Math.max(1, Math.floor(trustedCount / opts.maxSamples));
  const fitCells: number[] = [];
  for (let i = 0, j = 0; i < w * h; i++) if (isTrusted[i] && j++ % stride === 0) fitCells.push(i);
  const sn = new Float32Array(fitCells.length * 3);
  const sv = new Float32Array(fitCells.length);
  fitCells.forEach((i, j) => {
    sn.set(nrm.subarray(i * 3, i * 3 + 3), j * 3);
    sv[j] = luma(block[i * 3], block[i * 3 + 1], block[i * 3 + 2]);
  });
  const { groups, count } = paintGroups(block, fitCells, opts.chromaStep, opts.minGroup);
  const coeffs = fitLightGrouped(sn, sv, groups, count);
  const lit = Float64Array.from(fitCells, (i) =>
    shEval(coeffs, nrm[i * 3], nrm[i * 3 + 1], nrm[i * 3 + 2]),
  ).sort();
  const typical = percentile(lit, 0.5);
  const spread = percentile(lit, 0.9) / Math.max(1e-6, percentile(lit, 0.1));
  const brightest = brightestNormal(coeffs);
  if (!(typical > 1e-4) || !(spread >= opts.minSpread)) return skip(spread, brightest);

  const factor = factorMap(nrm, coeffs, typical, opts.maxFactor, w, h);
  const spots = findHighlights(block, factor, isTrusted, w, h, opts);
  const divided = divideLight(texture.data, W, H, factor, w, h, d, isTrusted, spots, opts.maxFactor, opts);
  const share = divided.highlights / Math.max(1, divided.trustedTexels);
  return {
    texture: { width: W, height: H, data: divided.data },
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
 * Linear colour of each light-map cell: the mean of the 2 × 2 texels at its centre (the light is smooth
 * and the fit robust; reading every texel cost as much as the rest of the step).
 */
function cellColours(texture: RgbaImage, w: number, h: number, d: number): Float32Array {
  const { width: W, height: H, data: src } = texture;
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
  return block;
}

/**
 * Shading factor per light-map cell: the light at its normal (or at the rim in its direction, for
 * surfaces the camera did not face) over the typical light, clamped to [1/max, max]; cells no triangle
 * covers take their neighbours' factor.
 */
function factorMap(
  nrm: Float32Array,
  coeffs: Float64Array,
  typical: number,
  maxFactor: number,
  w: number,
  h: number,
): Float32Array {
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
    factor[i] = Math.min(maxFactor, Math.max(1 / maxFactor, e / typical));
    covered[i] = 1;
  }
  dilate(factor, covered, w, h, 1, 1);
  return factor;
}
