/**
 * The turntable camera: a fixed perspective camera, slightly above the subject, framed so that the
 * subject stays inside the margins at every angle of the turn (it is fitted to the real vertices
 * rotated through the whole turn, not to a bounding sphere, which would leave tall subjects small).
 * A vertical lens shift centres the subject without tilting the camera further.
 */
import type { Mesh } from '../types.ts';

export interface CameraOptions {
  width: number;
  height: number;
  /** Vertical field of view in degrees; narrow like a product lens, so proportions stay true. */
  fovDeg: number;
  /** Camera elevation above the subject's centre, degrees. */
  elevationDeg: number;
  /** Free space kept around the subject, as fractions of the frame. */
  marginSide: number;
  marginTop: number;
  marginBottom: number;
}

export const CAMERA_DEFAULTS: Omit<CameraOptions, 'width' | 'height'> = {
  fovDeg: 26,
  elevationDeg: 16,
  marginSide: 0.1,
  marginTop: 0.09,
  marginBottom: 0.13,
};

export interface Camera {
  width: number;
  height: number;
  eyeY: number;
  eyeZ: number;
  sinE: number;
  cosE: number;
  /** Pixels per unit of tangent (x/depth). */
  focal: number;
  cx: number;
  cy: number;
}

/** Projects an (already rotated) point; returns false when it is behind the camera. */
export function project(cam: Camera, x: number, y: number, z: number, out: Float64Array): boolean {
  const dy = y - cam.eyeY;
  const dz = z - cam.eyeZ;
  const camY = dy * cam.cosE - dz * cam.sinE;
  const depth = -(dy * cam.sinE + dz * cam.cosE);
  if (depth <= 1e-6) return false;
  out[0] = cam.cx + (cam.focal * x) / depth;
  out[1] = cam.cy - (cam.focal * camY) / depth;
  out[2] = depth;
  return true;
}

export function fitCamera(mesh: Mesh, options: CameraOptions): Camera {
  const { width, height } = options;
  const pos = mesh.positions;
  const n = pos.length / 3;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const y = pos[i * 3 + 1];
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const targetY = (minY + maxY) / 2;

  // ~1500 vertices × 36 angles find the extremes to well under a pixel for the engine's smooth meshes.
  const stride = Math.max(1, Math.floor(n / 1500));
  const angles = 36;
  const cosA = new Float64Array(angles);
  const sinA = new Float64Array(angles);
  for (let a = 0; a < angles; a++) {
    cosA[a] = Math.cos((2 * Math.PI * a) / angles);
    sinA[a] = Math.sin((2 * Math.PI * a) / angles);
  }

  const elev = (options.elevationDeg * Math.PI) / 180;
  const sinE = Math.sin(elev);
  const cosE = Math.cos(elev);
  const focal = height / 2 / Math.tan((options.fovDeg * Math.PI) / 360);

  // Tangent-space extents of the whole turn seen from distance d.
  const extents = (d: number) => {
    const eyeY = targetY + d * sinE;
    const eyeZ = d * cosE;
    let maxX = 0;
    let top = -Infinity;
    let bottom = Infinity;
    for (let i = 0; i < n; i += stride) {
      const x = pos[i * 3];
      const y = pos[i * 3 + 1];
      const z = pos[i * 3 + 2];
      const dy = y - eyeY;
      for (let a = 0; a < angles; a++) {
        const rx = x * cosA[a] + z * sinA[a];
        const rz = -x * sinA[a] + z * cosA[a];
        const dz = rz - eyeZ;
        const depth = -(dy * sinE + dz * cosE);
        const ty = (dy * cosE - dz * sinE) / depth;
        const tx = Math.abs(rx) / depth;
        if (tx > maxX) maxX = tx;
        if (ty > top) top = ty;
        if (ty < bottom) bottom = ty;
      }
    }
    return { maxX, top, bottom };
  };

  const availX = (width / 2) * (1 - 2 * options.marginSide);
  const availY = height * (1 - options.marginTop - options.marginBottom);
  const fits = (d: number) => {
    const e = extents(d);
    return e.maxX * focal <= availX && (e.top - e.bottom) * focal <= availY;
  };

  let radius = 0;
  for (let i = 0; i < n; i++) radius = Math.max(radius, Math.hypot(pos[i * 3], pos[i * 3 + 2]));
  const size = Math.max(radius, (maxY - minY) / 2, 1e-6);
  let lo = size * 1.05;
  let hi = size * 4;
  while (!fits(hi)) hi *= 2;
  for (let k = 0; k < 18; k++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  const d = hi;
  const e = extents(d);
  const bandCentre = ((options.marginTop + 1 - options.marginBottom) / 2) * height;
  return {
    width,
    height,
    eyeY: targetY + d * sinE,
    eyeZ: d * cosE,
    sinE,
    cosE,
    focal,
    cx: width / 2,
    cy: bandCentre + (focal * (e.top + e.bottom)) / 2,
  };
}
