/**
 * The photo's light as a function of the surface normal: second-order spherical harmonics (nine
 * coefficients) of linear brightness, fitted robustly to (normal, brightness) samples. Irradiance on a
 * Lambertian surface under any distant light is within a few per cent of its first nine SH terms, so the
 * fit explains shading by the geometry without knowing the light's kind.
 */

export interface LightFitOptions {
  /** Reweighting passes: samples far from the fit (paint, highlights, cast shadows) lose their say. */
  iterations: number;
  /** A sample whose brightness is off the fit by more than this share of the fit is left out. */
  outlier: number;
  /** Ridge on the second-order terms (seen from one side, normals span half the sphere). */
  ridge: number;
}

const LIGHT_FIT_DEFAULTS: LightFitOptions = { iterations: 3, outlier: 0.45, ridge: 0.01 };

/** The nine real SH basis functions (unnormalised constants folded into the coefficients). */
function shBasis(x: number, y: number, z: number, out: Float64Array): void {
  out[0] = 1;
  out[1] = x;
  out[2] = y;
  out[3] = z;
  out[4] = x * y;
  out[5] = y * z;
  out[6] = x * z;
  out[7] = x * x - y * y;
  out[8] = 3 * z * z - 1;
}

export function shEval(c: Float64Array, x: number, y: number, z: number): number {
  return (
    c[0] +
    c[1] * x +
    c[2] * y +
    c[3] * z +
    c[4] * x * y +
    c[5] * y * z +
    c[6] * x * z +
    c[7] * (x * x - y * y) +
    c[8] * (3 * z * z - 1)
  );
}

/**
 * Fits `value ≈ shEval(c, normal)` with relative residuals (brightness = albedo × light: a dark paint
 * and a dark shadow count alike) and drops outliers each pass. `normals` holds xyz per sample.
 */
function fitLight(
  normals: Float32Array,
  values: Float32Array,
  options: Partial<LightFitOptions> = {},
): Float64Array {
  const opts = { ...LIGHT_FIT_DEFAULTS, ...options };
  const n = values.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i];
  mean /= Math.max(1, n);
  let c: Float64Array = new Float64Array(9);
  c[0] = mean;
  const b = new Float64Array(9);
  for (let pass = 0; pass < opts.iterations; pass++) {
    const A = new Float64Array(81);
    const r = new Float64Array(9);
    for (let i = 0; i < n; i++) {
      const nx = normals[i * 3];
      const ny = normals[i * 3 + 1];
      const nz = normals[i * 3 + 2];
      const pred = Math.max(1e-4, shEval(c, nx, ny, nz));
      if (pass > 0 && Math.abs(values[i] / pred - 1) > opts.outlier) continue;
      const w = 1 / (pred * pred);
      shBasis(nx, ny, nz, b);
      for (let j = 0; j < 9; j++) {
        r[j] += w * b[j] * values[i];
        for (let k = j; k < 9; k++) A[j * 9 + k] += w * b[j] * b[k];
      }
    }
    for (let j = 0; j < 9; j++) for (let k = 0; k < j; k++) A[j * 9 + k] = A[k * 9 + j];
    const scale = A[0] || 1;
    for (let j = 4; j < 9; j++) A[j * 9 + j] += opts.ridge * scale;
    const solved = solve(A, r, 9);
    if (!solved) break;
    c = solved;
  }
  return c;
}

/** Gaussian elimination with partial pivoting; null when singular. */
function solve(A: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const m = Float64Array.from(A);
  const x = Float64Array.from(b);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r * n + col]) > Math.abs(m[piv * n + col])) piv = r;
    if (Math.abs(m[piv * n + col]) < 1e-12) return null;
    if (piv !== col) {
      for (let k = 0; k < n; k++) [m[col * n + k], m[piv * n + k]] = [m[piv * n + k], m[col * n + k]];
      [x[col], x[piv]] = [x[piv], x[col]];
    }
    for (let r = col + 1; r < n; r++) {
      const f = m[r * n + col] / m[col * n + col];
      if (f === 0) continue;
      for (let k = col; k < n; k++) m[r * n + k] -= f * m[col * n + k];
      x[r] -= f * x[col];
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = x[r];
    for (let k = r + 1; k < n; k++) s -= m[r * n + k] * x[k];
    x[r] = s / m[r * n + r];
  }
  return x;
}

/**
 * As `fitLight`, with an unknown brightness per group of samples (`groups[i]` in 0..count−1): samples of
 * one chromaticity are taken as one paint, so a darker paint on one side is not read as shade there.
 * Alternates the light's fit with each group's scale (the geometric mean of brightness over light).
 */
export function fitLightGrouped(
  normals: Float32Array,
  values: Float32Array,
  groups: Int32Array,
  count: number,
  rounds = 6,
  options: Partial<LightFitOptions> = {},
): Float64Array {
  const scale = new Float64Array(count).fill(1);
  const scaled = new Float32Array(values.length);
  let c = fitLight(normals, values, options);
  for (let round = 0; round < rounds; round++) {
    const logSum = new Float64Array(count);
    const n = new Float64Array(count);
    for (let i = 0; i < values.length; i++) {
      const e = shEval(c, normals[i * 3], normals[i * 3 + 1], normals[i * 3 + 2]);
      if (!(e > 1e-4) || !(values[i] > 1e-4)) continue;
      logSum[groups[i]] += Math.log(values[i] / e);
      n[groups[i]]++;
    }
    let total = 0;
    let weight = 0;
    for (let g = 0; g < count; g++) {
      if (n[g] === 0) continue;
      scale[g] = Math.exp(logSum[g] / n[g]);
      total += logSum[g];
      weight += n[g];
    }
    // Only ratios between paints are known: the groups' scales are kept at a geometric mean of 1.
    const mid = Math.exp(total / Math.max(1, weight));
    for (let g = 0; g < count; g++) scale[g] /= mid;
    for (let i = 0; i < values.length; i++) scaled[i] = values[i] / scale[groups[i]];
    c = fitLight(normals, scaled, options);
  }
  return c;
}

/** The light's mean over the rim (normals in the image plane). */
export function rimAverage(c: Float64Array): number {
  let s = 0;
  for (let k = 0; k < 16; k++) {
    const a = (k / 16) * 2 * Math.PI;
    s += shEval(c, Math.cos(a), Math.sin(a), 0);
  }
  return s / 16;
}

/** The normal the fitted light is brightest on (coarse search over the half the photo saw, z ≥ 0). */
export function brightestNormal(c: Float64Array): [number, number, number] {
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
