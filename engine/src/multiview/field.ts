/**
 * The field the hull's surface is the 0.5 level of (hull.ts): the rounded occupancy blurred, then, on
 * request, thin voxels put back where the blur left some photo's silhouette uncovered.
 *
 * Why: a 3-voxel box blur keeps a voxel of a tube two voxels across at 4/9 < 0.5, so a deer's antlers
 * (2.1–2.5 voxels at 96 cells) or a teacup's handle bridge vanish from the surface although every photo
 * shows them. Raising the field on every thin voxel (an opening's leftovers) brought them back but also
 * the ghost slivers between legs (NC 0.732 → 0.711 on the deer, engine/README.md): thinness alone cannot
 * tell a real tube from a ghost. The silhouettes can: a ghost's images lie on the real legs' images, so
 * with the legs kept no photo misses it, while an erased antler leaves its pixels bare in every view.
 *
 * How: candidates are the rounded occupancy's thin voxels (outside its opening by a 3×3×3 cube: a box's
 * edges are not thin, a round body's staircase is) that the blur dropped. Each 6-connected run of them
 * is put back whole (field 1) when at least `minBare` of its voxels' centres land, in at least `views`
 * photos, on pixels no voxel the blur kept covers (voxels splatted as squares of their image); a part
 * made only of put-back voxels, touching nothing the blur kept, is taken out again.
 *
 * notes (tests in test/multiview/field.test.ts, four parallel views at 20°): a bare pixel within a voxel
 * image of the kept solid (`slack` 1) hid every gap of a shattered tube (fragments a voxel or two apart),
 * and single voxels put back left a 2.2-voxel arm in 3 pieces: whole runs are put back. Requiring bare
 * pixels in 2 photos put back 28 voxels of that arm's ~700 (a dropped voxel's centre lands on the
 * fragments' images in most views), so one photo is enough (572 put back, one piece). Candidates from
 * the carve before the rounding put back a box's rounded-off corners, so they come after it.
 * Final sets 2 and 3 (engine/README.md): Chamfer mixed, normal consistency lower on both (ghost fins
 * beside a figure's arms come back), so the step is off by default; `value` 0.6 or `minShare` 0.2 were
 * tried on one run only (figure NC 0.797 → 0.805 / 0.802, the step off 0.820).
 */
import type { Camera } from './carve.ts';
import type { Grid } from './hull-round.ts';
import { labelParts } from './specks.ts';

export interface KeepOptions {
  /** Photos in which a carved voxel's centre must fall on bare silhouette pixels to be put back. */
  views: number;
  /** Distance (in voxel images) from the blurred solid's image within which a pixel is still covered. */
  slack: number;
  /** Voxels of a run of candidates that must land on bare pixels for the run to be put back. */
  minBare: number;
  /** Field value a put-back voxel gets (above the 0.5 level; 1 is the occupancy's own). */
  value: number;
  /** Share of a run's voxels that must land on bare pixels, besides `minBare`. */
  minShare: number;
}

const KEEP_DEFAULTS: KeepOptions = { views: 1, slack: 0, minBare: 3, value: 1, minShare: 0 };

/** Voxels of `occ` a 3×3×3 cube inside `occ` does not reach (its opening's leftovers): tubes under 3 across. */
function thinVoxels(occ: Uint8Array, g: Grid): Uint8Array {
  const { nx, ny } = g;
  const strides = [1, nx, nx * ny];
  const pass = (src: Uint8Array, grow: boolean) => {
    let a = src;
    for (const s of strides) {
      const b = new Uint8Array(a.length);
      for (let o = 0; o < a.length; o++) {
        const l = o - s >= 0 ? a[o - s] : 0;
        const r = o + s < a.length ? a[o + s] : 0;
        b[o] = grow ? a[o] | l | r : a[o] & l & r;
      }
      a = b;
    }
    return a;
  };
  const opened = pass(pass(occ, false), true);
  const thin = new Uint8Array(occ.length);
  for (let o = 0; o < occ.length; o++) thin[o] = occ[o] & (1 - opened[o]);
  return thin;
}

/** Separable 3-voxel box blur, `passes` times, into a float field. */
export function boxBlur(occ: Uint8Array, g: Grid, passes: number): Float32Array {
  const { nx, ny, nz } = g;
  let a = Float32Array.from(occ);
  let b = new Float32Array(a.length);
  const strides = [1, nx, nx * ny];
  const sizes = [nx, ny, nz];
  const third = 1 / 3;
  for (let p = 0; p < passes; p++) {
    for (let axis = 0; axis < 3; axis++) {
      const s = strides[axis];
      const n = sizes[axis];
      // Every line along the axis: start index, then n samples s apart.
      const lines = a.length / n;
      for (let l = 0; l < lines; l++) {
        const start = axis === 0 ? l * nx : axis === 1 ? (l % nx) + Math.floor(l / nx) * nx * ny : l;
        let prev = 0;
        let cur = a[start];
        for (let q = 0; q < n; q++) {
          const i = start + q * s;
          const next = q < n - 1 ? a[i + s] : 0;
          b[i] = (prev + cur + next) * third;
          prev = cur;
          cur = next;
        }
      }
      [a, b] = [b, a];
    }
  }
  return a;
}

/** Calls `visit(index, px, py, halfPx)` for every voxel `pick` accepts, with its centre's image in `cam`. */
function eachImage(
  g: Grid,
  cam: Camera,
  pick: (o: number) => boolean,
  visit: (o: number, px: number, py: number, half: number) => void,
): void {
  const { nx, ny, nz, h, origin } = g;
  const m = cam.m;
  for (let k = 0, o = 0; k < nz; k++) {
    const z = origin[2] + (k + 0.5) * h;
    for (let j = 0; j < ny; j++) {
      const y = origin[1] + (j + 0.5) * h;
      for (let i = 0; i < nx; i++, o++) {
        if (!pick(o)) continue;
        const x = origin[0] + (i + 0.5) * h;
        let s = 1 / cam.upp;
        if (cam.inv) {
          const q = 1 - (m[6] * x + m[7] * y + m[8] * z) * cam.inv;
          if (q < 1e-3) continue;
          s /= q;
        }
        const px = cam.cx + (m[0] * x + m[1] * y + m[2] * z) * s;
        const py = cam.cy - (m[3] * x + m[4] * y + m[5] * z) * s;
        visit(o, px, py, 0.5 * h * s);
      }
    }
  }
}

/** Marks each voxel's image as a square of its half-size into `img`. */
function splat(img: Uint8Array, cam: Camera, px: number, py: number, half: number): void {
  const x0 = Math.max(0, Math.floor(px - half));
  const x1 = Math.min(cam.width - 1, Math.floor(px + half));
  const y0 = Math.max(0, Math.floor(py - half));
  const y1 = Math.min(cam.height - 1, Math.floor(py + half));
  for (let y = y0; y <= y1; y++) img.fill(1, y * cam.width + x0, y * cam.width + x1 + 1);
}

/** `img` grown by r pixels (a square), separably: along every row, then every column. */
function grow(img: Uint8Array, w: number, hgt: number, r: number): Uint8Array {
  const rows = new Uint8Array(img.length);
  for (let y = 0; y < hgt; y++) growLine(img, rows, y * w, 1, w, r);
  const out = new Uint8Array(img.length);
  for (let x = 0; x < w; x++) growLine(rows, out, x, w, hgt, r);
  return out;
}

/** Sets `out` along one line (n cells from `start`, `step` apart) within r of a set cell of `src`. */
function growLine(src: Uint8Array, out: Uint8Array, start: number, step: number, n: number, r: number) {
  // Nearest set cell on either side: one sweep each way.
  let last = -1e9;
  for (let i = 0; i < n; i++) {
    if (src[start + i * step]) last = i;
    if (i - last <= r) out[start + i * step] = 1;
  }
  last = 1e9;
  for (let i = n - 1; i >= 0; i--) {
    if (src[start + i * step]) last = i;
    if (last - i <= r) out[start + i * step] = 1;
  }
}

/**
 * Puts thin voxels of `carved` (the occupancy the blur was run on) back into `field` (at 1) where the
 * blurred solid leaves silhouette pixels bare (see the file comment); the number of voxels put back.
 */
export function keepSilhouettes(
  field: Float32Array,
  carved: Uint8Array,
  g: Grid,
  cams: Camera[],
  options: Partial<KeepOptions> = {},
): number {
  const opts = { ...KEEP_DEFAULTS, ...options };
  const bare = new Uint8Array(carved.length);
  // Candidates: thin voxels the blur dropped. A body's corners, rounded off by the blur, stay rounded.
  const thin = thinVoxels(carved, g);
  const cand = new Uint8Array(carved.length);
  for (let o = 0; o < cand.length; o++) cand[o] = thin[o] && field[o] <= 0.5 ? 1 : 0;
  for (const cam of cams) {
    const kept = new Uint8Array(cam.width * cam.height);
    let voxelPx = 0;
    eachImage(
      g,
      cam,
      (o) => field[o] > 0.5,
      (_, px, py, half) => {
        splat(kept, cam, px, py, half);
        voxelPx = Math.max(voxelPx, 2 * half);
      },
    );
    const r = Math.round(opts.slack * voxelPx);
    const near = r > 0 ? grow(kept, cam.width, cam.height, r) : kept;
    eachImage(
      g,
      cam,
      (o) => cand[o] === 1,
      (o, px, py) => {
        const x = Math.floor(px);
        const y = Math.floor(py);
        if (x < 0 || y < 0 || x >= cam.width || y >= cam.height) return;
        if (!near[y * cam.width + x] && bare[o] < 255) bare[o]++;
      },
    );
  }
  // Each 6-connected run of candidates is put back whole when enough of it lands on bare pixels in
  // `views` photos: a tube's gaps are bare, the blur's fragments of it are not, and the gap alone would
  // leave the tube as beads.
  const need = Math.min(opts.views, cams.length);
  const { label, sizes } = parts(Float32Array.from(cand), g);
  const bareCount = new Int32Array(sizes.length);
  for (let o = 0; o < cand.length; o++) if (label[o] && bare[o] >= need) bareCount[label[o]]++;
  const before = new Map<number, number>();
  const added: number[] = [];
  for (let o = 0; o < cand.length; o++)
    if (
      label[o] &&
      bareCount[label[o]] >= opts.minBare &&
      bareCount[label[o]] >= opts.minShare * sizes[label[o]]
    ) {
      before.set(o, field[o]);
      field[o] = Math.max(field[o], opts.value);
      added.push(o);
    }
  // A part made only of put-back voxels touches nothing the blur kept: a ghost's sliver or a speck, not
  // a bridge; it is taken out again.
  const whole = parts(field, g);
  const anchored = new Uint8Array(whole.sizes.length);
  for (let o = 0; o < field.length; o++) if (whole.label[o] && !before.has(o)) anchored[whole.label[o]] = 1;
  let kept = 0;
  for (const o of added) {
    if (anchored[whole.label[o]]) kept++;
    else field[o] = before.get(o) ?? 0;
  }
  return kept;
}

/** 6-connected parts of field > 0.5: a label per voxel (0 outside) and each label's size. */
function parts(field: Float32Array, g: Grid): { label: Int32Array; sizes: number[] } {
  const inside = new Uint8Array(field.length);
  for (let o = 0; o < field.length; o++) inside[o] = field[o] > 0.5 ? 1 : 0;
  return labelParts(inside, g);
}
