/**
 * Ghost parts as a set cover. Thin parts seen from four directions 90° apart pair with each other's
 * images: every front-view leg position meets every side-view one, and the carved hull holds a part at
 * each meeting (a deer on eight legs, a dancer's arms doubled, a ring handle's images all round a cup).
 * Each ghost lies where real parts' images land, so a test of one part at a time ("does anything else
 * cover its silhouette?") keeps a ghost whenever another ghost is what else covers it. Here the parts are
 * chosen together: the fewest that explain every silhouette.
 *
 * The step, on the carved occupancy before rounding:
 * 1. body and parts: per horizontal slice, 4-connected components; a component is thin when its area is
 *    at most `thinArea` of the largest of any slice. Thin voxels, 6-connected, are the parts; the rest is
 *    the body; parts under `minVoxels` are left as they are.
 * 2. footprints: every voxel's projected cube in every view (footprint.ts), counted only on silhouette
 *    pixels a voxel's width inside the outline (the hull covers a thin part's outline only to about a
 *    voxel). The body's footprint is explained from the start.
 * 3. greedy cover: the part that explains the most silhouette pixels nothing chosen explains yet is
 *    chosen, while in some view it explains more than `share` of its own footprint there and `minPixels`
 *    in all; the parts never chosen are removed. A part with no judged pixels (thinner than the interior
 *    band) is kept: nothing can tell.
 *
 * A ghost is shorter than the part it is an image of (in one of the two views along its ray it is nearer
 * the camera and, seen from above, must end higher to stay inside; under a pinhole it is also seen
 * larger), so the real parts explain more and are chosen first; the ghosts then explain nothing new.
 *
 * Notes (measured, see engine/README.md "Ghosts as a set cover"): a body found by opening the occupancy
 * (erosion by 3 voxels, grown back) was tried first: a frame's 8-voxel plates eroded away and the
 * plates and posts became one part. Slices tell thin from thick without a radius.
 */
import { forFootprints, type GhostCamera, type GhostGrid, interior, mostExplaining } from './footprint.ts';

export interface CoverOptions {
  /** Largest area of a thin slice component, as a share of the largest slice component's area. */
  thinArea: number;
  /** Share of a part's footprint in one view it must newly explain to be chosen. */
  share: number;
  /** ...and at least this many newly explained pixels over all views. */
  minPixels: number;
  /** A part this close in size (share) to the largest chosen part its images land on stays as well. */
  tie: number;
  /** Width of the band around a chosen footprint it also explains, in voxels. */
  slack: number;
  /** Parts with fewer voxels are left alone (slivers of the body). */
  minVoxels: number;
}

const COVER_DEFAULTS: CoverOptions = {
  thinArea: 0.08,
  share: 0.15,
  minPixels: 12,
  slack: 1,
  tie: 0.02,
  minVoxels: 8,
};

/**
 * Voxels of thin slice components: per horizontal slice, 4-connected components, thin when their area is
 * at most `share` of the largest component of any slice (legs, posts, arms, a handle's cut).
 */
function thinVoxels(occ: Uint8Array, g: GhostGrid, share: number): Uint8Array {
  const { nx, ny, nz } = g;
  const label = new Int32Array(occ.length).fill(-1);
  const areas: number[] = [];
  const stack: number[] = [];
  for (let j = 0; j < ny; j++)
    for (let k = 0; k < nz; k++)
      for (let i = 0; i < nx; i++) {
        const o = (k * ny + j) * nx + i;
        if (!occ[o] || label[o] >= 0) continue;
        const id = areas.length;
        let area = 0;
        label[o] = id;
        stack.push(o);
        while (stack.length) {
          const q = stack.pop() as number;
          area++;
          const ii = q % nx;
          const kk = Math.floor(q / (nx * ny));
          const next = [
            ii > 0 ? q - 1 : -1,
            ii < nx - 1 ? q + 1 : -1,
            kk > 0 ? q - nx * ny : -1,
            kk < nz - 1 ? q + nx * ny : -1,
          ];
          for (const r of next)
            if (r >= 0 && occ[r] && label[r] < 0) {
              label[r] = id;
              stack.push(r);
            }
        }
        areas.push(area);
      }
  const limit = share * Math.max(0, ...areas);
  const out = new Uint8Array(occ.length);
  for (let o = 0; o < occ.length; o++) out[o] = occ[o] && areas[label[o]] <= limit ? 1 : 0;
  return out;
}

/** 6-connected components of the voxels where `inPart` holds, as lists of voxel indices. */
function components(inPart: Uint8Array, g: GhostGrid): number[][] {
  const { nx, ny, nz } = g;
  const plane = nx * ny;
  const seen = new Uint8Array(inPart.length);
  const out: number[][] = [];
  const stack: number[] = [];
  for (let o = 0; o < inPart.length; o++) {
    if (!inPart[o] || seen[o]) continue;
    const part: number[] = [];
    seen[o] = 1;
    stack.push(o);
    while (stack.length) {
      const q = stack.pop() as number;
      part.push(q);
      const i = q % nx;
      const j = Math.floor(q / nx) % ny;
      const k = Math.floor(q / plane);
      const next = [
        i > 0 ? q - 1 : -1,
        i < nx - 1 ? q + 1 : -1,
        j > 0 ? q - nx : -1,
        j < ny - 1 ? q + nx : -1,
        k > 0 ? q - plane : -1,
        k < nz - 1 ? q + plane : -1,
      ];
      for (const r of next)
        if (r >= 0 && inPart[r] && !seen[r]) {
          seen[r] = 1;
          stack.push(r);
        }
    }
    out.push(part);
  }
  return out;
}

/** Removes the thin parts the fewest-parts cover of the silhouettes does not need; returns how many. */
export function coverGhosts(
  occ: Uint8Array,
  g: GhostGrid,
  cams: GhostCamera[],
  options: Partial<CoverOptions> = {},
): number {
  const opts = { ...COVER_DEFAULTS, ...options };
  const thin = thinVoxels(occ, g, opts.thinArea);
  const parts = components(thin, g).filter((p) => p.length >= opts.minVoxels);
  if (parts.length < 2) return 0;
  const inner = cams.map((c) => interior(c, g.h));
  // Each part's judged footprint, per view, as distinct pixels.
  const feet = parts.map((p) => {
    const sets = cams.map(() => new Set<number>());
    forFootprints(p, g, cams, (c, px) => {
      if (inner[c][px]) sets[c].add(px);
    });
    return sets.map((s) => Int32Array.from(s));
  });
  // Explained pixels: the footprint of everything that is not a part, within the parts' rectangles.
  const boxes = cams.map(() => [Infinity, Infinity, -Infinity, -Infinity]);
  for (const f of feet)
    f.forEach((pixels, c) => {
      const w = cams[c].width;
      const b = boxes[c];
      for (const px of pixels) {
        const u = px % w;
        const v = Math.floor(px / w);
        b[0] = Math.min(b[0], u);
        b[1] = Math.min(b[1], v);
        b[2] = Math.max(b[2], u);
        b[3] = Math.max(b[3], v);
      }
    });
  const partOf = new Uint8Array(occ.length);
  for (const p of parts) for (const o of p) partOf[o] = 1;
  const rest: number[] = [];
  for (let o = 0; o < occ.length; o++) if (occ[o] && !partOf[o]) rest.push(o);
  const explained = cams.map((c) => new Uint8Array(c.width * c.height));
  // A chosen part explains its footprint and a band `slack` voxels wide around it: a camera a pixel off
  // carves a real part thinner than its silhouette, and the band it leaves uncovered is not a ghost's.
  const reach = cams.map((c) => Math.max(0, Math.round((opts.slack * g.h) / c.upp)));
  const explain = (c: number, px: number) => {
    const w = cams[c].width;
    const u = px % w;
    const v = Math.floor(px / w);
    const d = reach[c];
    const e = explained[c];
    for (let y = Math.max(0, v - d); y <= Math.min(cams[c].height - 1, v + d); y++)
      for (let x = Math.max(0, u - d); x <= Math.min(w - 1, u + d); x++) e[y * w + x] = 1;
  };
  forFootprints(rest, g, cams, explain, boxes);
  const chosen = new Uint8Array(parts.length);
  // Parts too thin to be judged anywhere stay: nothing tells them from their ghosts.
  feet.forEach((f, n) => {
    if (f.every((px) => px.length === 0)) chosen[n] = 1;
  });
  for (;;) {
    const best = mostExplaining(feet, chosen, explained, opts);
    if (best < 0) break;
    chosen[best] = 1;
    forFootprints(parts[best], g, cams, explain);
  }
  // A part as large as a chosen part its images land on is as good an explanation as that part: the
  // silhouettes cannot tell them apart (a table seen square-on: each leg hides another in each view), so
  // it stays. Ghosts are smaller than the parts they are images of.
  const owner = cams.map((c) => new Int32Array(c.width * c.height));
  parts.forEach((p, n) => {
    if (chosen[n])
      feet[n].forEach((pixels, c) => {
        for (const px of pixels) owner[c][px] = Math.max(owner[c][px], p.length);
      });
  });
  parts.forEach((p, n) => {
    if (chosen[n]) return;
    let rival = 0;
    feet[n].forEach((pixels, c) => {
      for (const px of pixels) rival = Math.max(rival, owner[c][px]);
    });
    if (p.length >= (1 - opts.tie) * rival) chosen[n] = 1;
  });
  let removed = 0;
  parts.forEach((p, n) => {
    if (chosen[n]) return;
    for (const o of p) occ[o] = 0;
    removed++;
  });
  return removed;
}
