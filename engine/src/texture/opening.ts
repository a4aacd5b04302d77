/** Grey-scale morphology on a light map: what is left of it without its small bright spots. */

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
export function opening(map: Float32Array, w: number, h: number, r: number): Float32Array {
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
