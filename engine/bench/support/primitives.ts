/**
 * Analytic solids for the ground-truth set: each has a triangle mesh (to render and to sample) and an
 * exact inside test (to drop the samples of a part that lie inside another part of the same shape, so
 * only the outer surface of a union is scored).
 */

export type Vec3 = [number, number, number];

export interface Primitive {
  positions: number[];
  indices: number[];
  colour: [number, number, number];
  inside: (p: Vec3) => boolean;
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / l, a[1] / l, a[2] / l];
};

function frame(axis: Vec3): [Vec3, Vec3, Vec3] {
  const w = norm(axis);
  const helper: Vec3 = Math.abs(w[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = norm(cross(helper, w));
  const v = cross(w, u);
  return [u, v, w];
}

/** Grid-of-quads surface (seg × rings) from a parametric function, closed in the first parameter. */
function parametric(
  seg: number,
  rings: number,
  f: (a: number, t: number) => Vec3,
): { positions: number[]; indices: number[] } {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let j = 0; j <= rings; j++) {
    for (let i = 0; i < seg; i++) positions.push(...f((i / seg) * Math.PI * 2, j / rings));
  }
  for (let j = 0; j < rings; j++) {
    for (let i = 0; i < seg; i++) {
      const a = j * seg + i;
      const b = j * seg + ((i + 1) % seg);
      const c = (j + 1) * seg + ((i + 1) % seg);
      const d = (j + 1) * seg + i;
      indices.push(a, b, c, a, c, d);
    }
  }
  return { positions, indices };
}

/**
 * Surface of revolution about `axis` through `base`: `profile` lists [radius, height] from the bottom
 * (radius 0) to the top (radius 0); heights must increase. Closed by construction.
 */
export function revolve(
  base: Vec3,
  axis: Vec3,
  profile: [number, number][],
  colour: [number, number, number],
  seg = 48,
): Primitive {
  const [u, v, w] = frame(axis);
  // Resample the profile densely along its length so curved profiles stay smooth.
  const pts: [number, number][] = [];
  for (let k = 0; k < profile.length - 1; k++) {
    const [r0, h0] = profile[k];
    const [r1, h1] = profile[k + 1];
    const n = Math.max(1, Math.ceil(Math.hypot(r1 - r0, h1 - h0) / 0.02));
    for (let s = 0; s < n; s++) pts.push([r0 + ((r1 - r0) * s) / n, h0 + ((h1 - h0) * s) / n]);
  }
  pts.push(profile[profile.length - 1]);
  const mesh = parametric(seg, pts.length - 1, (a, t) => {
    const [r, h] = pts[Math.round(t * (pts.length - 1))];
    const c = Math.cos(a) * r;
    const s = Math.sin(a) * r;
    return [
      base[0] + u[0] * c + v[0] * s + w[0] * h,
      base[1] + u[1] * c + v[1] * s + w[1] * h,
      base[2] + u[2] * c + v[2] * s + w[2] * h,
    ];
  });
  const radiusAt = (h: number) => {
    if (h <= profile[0][1] || h >= profile[profile.length - 1][1]) return -1;
    for (let k = 0; k < profile.length - 1; k++) {
      const [r0, h0] = profile[k];
      const [r1, h1] = profile[k + 1];
      if (h >= h0 && h <= h1) return h1 === h0 ? Math.max(r0, r1) : r0 + ((r1 - r0) * (h - h0)) / (h1 - h0);
    }
    return -1;
  };
  return {
    ...mesh,
    colour,
    inside: (p) => {
      const d = sub(p, base);
      const h = dot(d, w);
      const r = Math.hypot(dot(d, u), dot(d, v));
      return r < radiusAt(h) - 1e-4;
    },
  };
}

export function ellipsoid(c: Vec3, radii: Vec3, colour: [number, number, number], seg = 48): Primitive {
  const rings = seg / 2;
  const mesh = parametric(seg, rings, (a, t) => {
    const th = t * Math.PI;
    return [
      c[0] + radii[0] * Math.sin(th) * Math.cos(a),
      c[1] - radii[1] * Math.cos(th),
      c[2] + radii[2] * Math.sin(th) * Math.sin(a),
    ];
  });
  return {
    ...mesh,
    colour,
    inside: (p) =>
      ((p[0] - c[0]) / radii[0]) ** 2 + ((p[1] - c[1]) / radii[1]) ** 2 + ((p[2] - c[2]) / radii[2]) ** 2 <
      1 - 1e-3,
  };
}

export function sphere(c: Vec3, r: number, colour: [number, number, number]): Primitive {
  return ellipsoid(c, [r, r, r], colour);
}

/** Capsule from a to b with radius r (a revolved stadium profile). */
export function capsule(a: Vec3, b: Vec3, r: number, colour: [number, number, number]): Primitive {
  const axis = sub(b, a);
  const len = Math.hypot(axis[0], axis[1], axis[2]);
  const profile: [number, number][] = [];
  const n = 8;
  for (let k = 0; k <= n; k++) {
    const t = (k / n) * (Math.PI / 2);
    profile.push([r * Math.sin(t), -r * Math.cos(t)]);
  }
  for (let k = 0; k <= n; k++) {
    const t = (k / n) * (Math.PI / 2);
    profile.push([r * Math.cos(t), len + r * Math.sin(t)]);
  }
  return revolve(a, axis, profile, colour, 32);
}

export function box(c: Vec3, half: Vec3, colour: [number, number, number]): Primitive {
  const positions: number[] = [];
  const indices: number[] = [];
  // Each face subdivided so the mesh has no huge triangles (the sampler is area-weighted anyway).
  const faces: [number, number, number][] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
  ];
  const n = 6;
  for (const [ax, bx, cx] of faces) {
    for (const sign of [-1, 1]) {
      const start = positions.length / 3;
      for (let j = 0; j <= n; j++) {
        for (let i = 0; i <= n; i++) {
          const p: Vec3 = [0, 0, 0];
          p[ax] = c[ax] + sign * half[ax];
          p[bx] = c[bx] + (i / n - 0.5) * 2 * half[bx];
          p[cx] = c[cx] + (j / n - 0.5) * 2 * half[cx];
          positions.push(...p);
        }
      }
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          const a = start + j * (n + 1) + i;
          indices.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
        }
      }
    }
  }
  return {
    positions,
    indices,
    colour,
    inside: (p) =>
      Math.abs(p[0] - c[0]) < half[0] - 1e-4 &&
      Math.abs(p[1] - c[1]) < half[1] - 1e-4 &&
      Math.abs(p[2] - c[2]) < half[2] - 1e-4,
  };
}

export function torus(
  c: Vec3,
  axis: Vec3,
  R: number,
  r: number,
  colour: [number, number, number],
): Primitive {
  const [u, v, w] = frame(axis);
  const mesh = parametric(64, 32, (a, t) => {
    const b = t * Math.PI * 2;
    const rad = R + r * Math.cos(b);
    const h = r * Math.sin(b);
    const x = rad * Math.cos(a);
    const y = rad * Math.sin(a);
    return [
      c[0] + u[0] * x + v[0] * y + w[0] * h,
      c[1] + u[1] * x + v[1] * y + w[1] * h,
      c[2] + u[2] * x + v[2] * y + w[2] * h,
    ];
  });
  return {
    ...mesh,
    colour,
    inside: (p) => {
      const d = sub(p, c);
      const q = Math.hypot(dot(d, u), dot(d, v)) - R;
      return q * q + dot(d, w) ** 2 < r * r * (1 - 1e-3);
    },
  };
}

/** A sphere whose radius varies smoothly with direction (an organic blob). */
export function blob(c: Vec3, r: number, colour: [number, number, number]): Primitive {
  const radius = (d: Vec3) =>
    r * (1 + 0.18 * Math.sin(3 * d[0] + 1) * Math.cos(2 * d[1]) + 0.12 * Math.sin(4 * d[2] + 2 * d[1]));
  const mesh = parametric(64, 32, (a, t) => {
    const th = t * Math.PI;
    const d: Vec3 = [Math.sin(th) * Math.cos(a), -Math.cos(th), Math.sin(th) * Math.sin(a)];
    const rr = radius(d);
    return [c[0] + d[0] * rr, c[1] + d[1] * rr, c[2] + d[2] * rr];
  });
  return {
    ...mesh,
    colour,
    inside: (p) => {
      const d = sub(p, c);
      const l = Math.hypot(d[0], d[1], d[2]);
      return l < 1e-9 || l < radius([d[0] / l, d[1] / l, d[2] / l]) - 1e-4;
    },
  };
}
