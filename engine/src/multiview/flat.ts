/**
 * Flat objects: a bicycle, a gate, a sign, a cut-out figure. Four views 90° apart give two independent
 * silhouette directions, and a flat object of thin parts (two wheels, a frame) is where that hurts most:
 * at every height each part's image in one view pairs with each part's image in the other, so the hull
 * holds the object plus a cage of ghost wheels and tubes around it, which looks worse than one photo's
 * flat cut-out. The ghosts lie off the object's plane; a slab along the plane explains every photo alone.
 *
 * The step, on the carved occupancy (world frame, before the ghost steps and the rounding):
 * 1. plane: over vertical planes (angle about the vertical every `step` degrees, offset in half voxels),
 *    the slab `thickness` voxels thick that holds the most carved voxels;
 * 2. extras: the carved voxels outside the slab, 6-connected, are parts; greedily, the part that newly
 *    explains the most silhouette pixels (every silhouette pixel, with a one-voxel band around what is
 *    explained) is kept while in some view it explains more than `share` of its own footprint (a
 *    handlebar's ends across the plane);
 * 3. test: the object is flat when the kept parts hold at most `extras` of the slab's voxels and in no
 *    view the slab and the kept parts leave more than `lost` of the silhouette pixels bare that the whole
 *    hull covered. Then every other voxel is cleared. A round body fails at once: its thick voxels off
 *    the slab (a flat object's ghosts pair two thin images and are thin) outnumber the extras allowed;
 * 4. fill (`fill`): the slab is set wherever the front's silhouette holds it, except along the rays of the
 *    kept parts, so a thin part that a side camera a pixel off carved away comes back.
 */
import { forFootprints, type GhostCamera, type GhostGrid, mostExplaining } from './footprint.ts';
import { labelParts } from './specks.ts';

export interface FlatOptions {
  /**
   * Slab thicknesses tried in turn (voxels); the first that explains the photos is taken. A side camera
   * a few degrees off bends the carved plane (a 30 mm photo's wheel moved 3 voxels off it), so a thicker
   * slab is tried after the thin one; the model is then rebuilt in the thinnest.
   */
  thickness: number[];
  /** Angle step of the plane search, degrees. */
  step: number;
  /** Share of a part's footprint in some view it must newly explain to be kept outside the slab. */
  share: number;
  /** Largest voxels of kept parts outside the slab, as a share of the slab's voxels. */
  extras: number;
  /** ...and at least this many newly explained pixels over all views. */
  minPixels: number;
  /** Largest share of a view's judged pixels the hull covered that the flat model may leave bare. */
  lost: number;
  /**
   * Fill the slab wherever the front photo's silhouette holds it: given the plane, the front alone shapes
   * a flat object, and a thin part a side camera placed a pixel off is not torn away.
   */
  fill: boolean;
}

const FLAT_DEFAULTS: FlatOptions = {
  thickness: [5],
  step: 1,
  share: 0.15,
  minPixels: 12,
  extras: 0.25,
  lost: 0.02,
  fill: true,
};

export interface FlatResult {
  /** Whether the object was taken as flat (and the voxels off its slab cleared). */
  flat: boolean;
  /** Angle of the plane's normal about the vertical, degrees (world frame, from +x toward +z). */
  angle: number;
  /** Voxels in the slab, kept outside it, and cleared. */
  slab: number;
  kept: number;
  cleared: number;
  /** Voxels of the slab set from the front's silhouette that the carve had not kept. */
  filled: number;
  /** The slab thickness judged last (voxels): the one taken when flat. */
  thickness: number;
}

/** The vertical slab holding the most voxels: its normal's angle (degrees) and offset (model units). */
function bestSlab(
  xs: Float32Array,
  zs: Float32Array,
  h: number,
  thickness: number,
  step: number,
): { angle: number; offset: number; count: number } {
  const bin = h / 2;
  const width = Math.max(1, Math.round((thickness * h) / bin));
  let best = { angle: 0, offset: 0, count: -1 };
  let lo = Infinity;
  let hi = -Infinity;
  for (let v = 0; v < xs.length; v++) {
    const r = Math.hypot(xs[v], zs[v]);
    lo = Math.min(lo, -r);
    hi = Math.max(hi, r);
  }
  const bins = Math.ceil((hi - lo) / bin) + 1;
  const hist = new Int32Array(bins);
  for (let deg = 0; deg < 180; deg += step) {
    const a = (deg * Math.PI) / 180;
    const c = Math.cos(a);
    const s = Math.sin(a);
    hist.fill(0);
    for (let v = 0; v < xs.length; v++) hist[Math.floor((xs[v] * c + zs[v] * s - lo) / bin)]++;
    let run = 0;
    for (let b = 0; b < bins; b++) {
      run += hist[b] - (b >= width ? hist[b - width] : 0);
      if (run > best.count) best = { angle: deg, offset: lo + (b + 1 - width / 2) * bin, count: run };
    }
  }
  return best;
}

/**
 * Sets the slab's voxels whose centre the front camera sees inside its silhouette, except on `skip`'s
 * pixels; returns how many were new.
 */
function fillSlab(
  occ: Uint8Array,
  g: GhostGrid,
  front: GhostCamera,
  skip: Uint8Array,
  angle: number,
  offset: number,
  half: number,
): number {
  const { nx, ny, nz, h, origin } = g;
  const c = Math.cos((angle * Math.PI) / 180);
  const s = Math.sin((angle * Math.PI) / 180);
  const { m, upp, cx, cy, width, height, mask, inv } = front;
  let filled = 0;
  for (let k = 0; k < nz; k++) {
    const z = origin[2] + (k + 0.5) * h;
    for (let i = 0; i < nx; i++) {
      const x = origin[0] + (i + 0.5) * h;
      if (Math.abs(x * c + z * s - offset) > half) continue;
      for (let j = 0; j < ny; j++) {
        const o = (k * ny + j) * nx + i;
        if (occ[o]) continue;
        const y = origin[1] + (j + 0.5) * h;
        const q = 1 - (m[6] * x + m[7] * y + m[8] * z) * inv;
        if (q < 1e-3) continue;
        const px = Math.floor(cx + (m[0] * x + m[1] * y + m[2] * z) / (upp * q));
        const py = Math.floor(cy - (m[3] * x + m[4] * y + m[5] * z) / (upp * q));
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        if (mask[py * width + px] < 0.5 || skip[py * width + px]) continue;
        occ[o] = 1;
        filled++;
      }
    }
  }
  return filled;
}

/** Clears the voxels off a flat object's slab when the slab explains the photos (see above). */
export function flattenHull(
  occ: Uint8Array,
  g: GhostGrid,
  cams: GhostCamera[],
  options: Partial<FlatOptions> = {},
): FlatResult {
  const opts = { ...FLAT_DEFAULTS, ...options };
  const { nx, ny, h, origin } = g;
  const voxels: number[] = [];
  for (let o = 0; o < occ.length; o++) if (occ[o]) voxels.push(o);
  const xs = new Float32Array(voxels.length);
  const zs = new Float32Array(voxels.length);
  voxels.forEach((o, v) => {
    xs[v] = origin[0] + ((o % nx) + 0.5) * h;
    zs[v] = origin[2] + (Math.floor(o / (nx * ny)) + 0.5) * h;
  });
  let result: FlatResult | undefined;
  for (const thickness of opts.thickness) {
    result = judge(occ, g, cams, voxels, xs, zs, thickness, Math.min(...opts.thickness), opts);
    if (result.flat) break;
  }
  return result ?? { flat: false, angle: 0, slab: 0, kept: 0, cleared: 0, filled: 0, thickness: 0 };
}

/**
 * One slab thickness: the plane, the parts kept beside it and the test; when flat, the occupancy is cut
 * to the plane's slab `thin` voxels thick and the kept parts.
 */
function judge(
  occ: Uint8Array,
  g: GhostGrid,
  cams: GhostCamera[],
  voxels: number[],
  xs: Float32Array,
  zs: Float32Array,
  thickness: number,
  thin: number,
  opts: FlatOptions,
): FlatResult {
  const { nx, ny, h } = g;
  const plane = bestSlab(xs, zs, h, thickness, opts.step);
  const none: FlatResult = {
    flat: false,
    angle: plane.angle,
    slab: plane.count,
    kept: 0,
    cleared: 0,
    filled: 0,
    thickness,
  };
  if (plane.count <= 0) return none;
  const a = (plane.angle * Math.PI) / 180;
  const half = (thickness * h) / 2;
  const inSlab = new Uint8Array(occ.length);
  const outside = new Uint8Array(occ.length);
  voxels.forEach((o, v) => {
    if (Math.abs(xs[v] * Math.cos(a) + zs[v] * Math.sin(a) - plane.offset) <= half) inSlab[o] = 1;
    else outside[o] = 1;
  });
  // Thick voxels off the slab (inside along every axis two voxels either way) belong to a body: a flat
  // object's ghosts pair two thin images and are thin. More of them than the extras allowed: not flat,
  // before any footprint is splatted.
  const limit = opts.extras * plane.count;
  const { nz } = g;
  const strides = [1, nx, nx * ny];
  const dims = [nx, ny, nz];
  let thick = 0;
  for (const o of voxels) {
    if (!outside[o]) continue;
    const ijk = [o % nx, Math.floor(o / nx) % ny, Math.floor(o / (nx * ny))];
    let inner = true;
    for (let ax = 0; ax < 3 && inner; ax++)
      for (const d of [-2, -1, 1, 2])
        if (ijk[ax] + d < 0 || ijk[ax] + d >= dims[ax] || !occ[o + d * strides[ax]]) {
          inner = false;
          break;
        }
    if (inner && ++thick > limit) return none;
  }
  const { label, sizes } = labelParts(outside, g);
  const parts: number[][] = sizes.map(() => []);
  for (let o = 0; o < occ.length; o++) if (label[o]) parts[label[o]].push(o);
  parts.shift();

  // Every silhouette pixel is judged: a flat object's parts are thin, and a wire has no pixels a voxel
  // inside its outline. A band one voxel wide around every footprint counts as explained, for the hull as
  // for the flat model, so the edges the carve leaves (it samples voxel centres) cancel out.
  const judged = (c: number, px: number) => cams[c].mask[px] >= 0.5;
  const reach = cams.map((c) => Math.max(0, Math.round(h / c.upp)));
  const band = (marks: Uint8Array[]) => (c: number, px: number) => {
    const w = cams[c].width;
    const u = px % w;
    const v = Math.floor(px / w);
    const d = reach[c];
    const e = marks[c];
    for (let y = Math.max(0, v - d); y <= Math.min(cams[c].height - 1, v + d); y++)
      for (let x = Math.max(0, u - d); x <= Math.min(w - 1, u + d); x++) e[y * w + x] = 1;
  };
  const hullCover = cams.map((c) => new Uint8Array(c.width * c.height));
  forFootprints(voxels, g, cams, band(hullCover));
  const explained = cams.map((c) => new Uint8Array(c.width * c.height));
  const explain = band(explained);
  const slabVoxels: number[] = [];
  for (const o of voxels) if (inSlab[o]) slabVoxels.push(o);
  forFootprints(slabVoxels, g, cams, explain);
  // Each part's judged footprint per view, as distinct pixels (a stamp per view dedupes).
  const stamp = cams.map((c) => new Int32Array(c.width * c.height).fill(-1));
  const feet = parts.map((p, n) => {
    const lists: number[][] = cams.map(() => []);
    forFootprints(p, g, cams, (c, px) => {
      if (judged(c, px) && stamp[c][px] !== n) {
        stamp[c][px] = n;
        lists[c].push(px);
      }
    });
    return lists;
  });
  const chosen = new Uint8Array(parts.length);
  let kept = 0;
  for (;;) {
    const best = mostExplaining(feet, chosen, explained, opts);
    if (best < 0) break;
    chosen[best] = 1;
    kept += parts[best].length;
    if (kept > limit) return { ...none, kept };
    forFootprints(parts[best], g, cams, explain);
  }
  for (let c = 0; c < cams.length; c++) {
    let covered = 0;
    let bare = 0;
    const hc = hullCover[c];
    for (let px = 0; px < hc.length; px++)
      if (hc[px] && judged(c, px)) {
        covered++;
        if (!explained[c][px]) bare++;
      }
    if (bare > opts.lost * covered) return { ...none, kept };
  }
  let cleared = 0;
  // The front pixels the kept parts explain: the slab is not filled along their rays (a handlebar across
  // the plane would come back as a bar in it).
  const front = cams[0];
  const extra = new Uint8Array(front.width * front.height);
  parts.forEach((p, n) => {
    if (chosen[n]) {
      forFootprints(p, g, [front], (_, px) => {
        extra[px] = 1;
      });
      return;
    }
    for (const o of p) occ[o] = 0;
    cleared += p.length;
  });
  // The model lies in the thinnest slab: what a thicker one held beyond it is a bent plane's or a ghost's.
  const thinHalf = (thin * h) / 2;
  voxels.forEach((o, v) => {
    if (inSlab[o] && Math.abs(xs[v] * Math.cos(a) + zs[v] * Math.sin(a) - plane.offset) > thinHalf) {
      occ[o] = 0;
      cleared++;
    }
  });
  const filled = opts.fill ? fillSlab(occ, g, front, extra, plane.angle, plane.offset, thinHalf) : 0;
  return { flat: true, angle: plane.angle, slab: plane.count, kept, cleared, filled, thickness };
}
