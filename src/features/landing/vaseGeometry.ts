/**
 * The hero illustration's subject: a lathed vase, drawn once as a flat silhouette (the input photo) and once
 * as a wireframe (the 3D result). Paths are computed at import from one profile so both views always agree.
 */

const PROFILE: Array<[number, number]> = [
  // [height 0..1 from the lip down, radius in px]
  [0, 31],
  [0.05, 26],
  [0.16, 20],
  [0.3, 30],
  [0.5, 58],
  [0.66, 62],
  [0.86, 44],
  [1, 32],
];

const HEIGHT = 210;
const TOP = 30;
const CX = 110;
/** Ellipse squash of a horizontal ring seen from slightly above. */
const TILT = 0.22;

/** Catmull-Rom through the profile points, so the outline has no kinks. */
function radiusAt(t: number): number {
  const n = PROFILE.length;
  let i = 1;
  while (i < n - 1 && t > PROFILE[i][0]) i++;
  const p0 = PROFILE[Math.max(0, i - 2)];
  const p1 = PROFILE[i - 1];
  const p2 = PROFILE[i];
  const p3 = PROFILE[Math.min(n - 1, i + 1)];
  const u = Math.min(1, Math.max(0, (t - p1[0]) / (p2[0] - p1[0])));
  const u2 = u * u;
  const u3 = u2 * u;
  return (
    0.5 *
    (2 * p1[1] +
      (-p0[1] + p2[1]) * u +
      (2 * p0[1] - 5 * p1[1] + 4 * p2[1] - p3[1]) * u2 +
      (-p0[1] + 3 * p1[1] - 3 * p2[1] + p3[1]) * u3)
  );
}

const f = (n: number) => n.toFixed(1);

function silhouettePath(): string {
  const steps = 48;
  const right: string[] = [];
  const left: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const y = TOP + t * HEIGHT;
    const r = radiusAt(t);
    right.push(`${f(CX + r)} ${f(y)}`);
    left.unshift(`${f(CX - r)} ${f(y)}`);
  }
  return `M${right.join(' L')} L${left.join(' L')} Z`;
}

function rings(count: number): Array<{ cy: number; rx: number; ry: number }> {
  return Array.from({ length: count }, (_, i) => {
    const t = i / (count - 1);
    const r = radiusAt(t);
    return { cy: TOP + t * HEIGHT, rx: r, ry: r * TILT };
  });
}

/** Meridians: lines of constant angle; `front` tells whether to draw them solid or dashed. */
function meridians(count: number): Array<{ d: string; front: boolean }> {
  const steps = 40;
  return Array.from({ length: count }, (_, k) => {
    const angle = (k / count) * Math.PI * 2 + 0.2;
    const points: string[] = [];
    for (let i = 0; i <= steps; i++) {
      const t = i / steps;
      const r = radiusAt(t);
      points.push(`${f(CX + r * Math.cos(angle))} ${f(TOP + t * HEIGHT + r * TILT * Math.sin(angle))}`);
    }
    return { d: `M${points.join(' L')}`, front: Math.sin(angle) > 0 };
  });
}

/** A horizontal band of the silhouette between two heights (the painted stripe of the photo). */
function bandPath(t0: number, t1: number): string {
  const steps = 12;
  const right: string[] = [];
  const left: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = t0 + ((t1 - t0) * i) / steps;
    const y = TOP + t * HEIGHT;
    const r = radiusAt(t);
    right.push(`${f(CX + r)} ${f(y)}`);
    left.unshift(`${f(CX - r)} ${f(y)}`);
  }
  return `M${right.join(' L')} L${left.join(' L')} Z`;
}

export const VASE = {
  band: bandPath(0.55, 0.6),
  bandThin: bandPath(0.7, 0.715),
  width: 220,
  height: TOP * 2 + HEIGHT,
  silhouette: silhouettePath(),
  rings: rings(11),
  meridians: meridians(14),
};
