/**
 * A small software rasteriser for tests and the benchmark: orthographic views of a mesh with optional
 * texture and Lambert shading, plus a coverage mask. Not the product's renderer (engine/src/render is).
 */
import type { RgbaImage } from '../../src/types.ts';

export interface View {
  /** Rotation about +Y (degrees): 0 looks at the model's front from +Z, 90 from +X. */
  yaw: number;
  /** Camera elevation (degrees): positive looks down onto the model. */
  pitch: number;
  width: number;
  height: number;
  /** Model units across the image height. */
  extent: number;
  /** Model-space point at the image centre. */
  centre?: [number, number, number];
  background?: [number, number, number, number];
}

export interface RasterMesh {
  positions: Float32Array;
  indices: Uint32Array;
  uvs?: Float32Array;
  /** Optional flat colour per triangle (rgb 0..255), used when there is no texture. */
  triangleColours?: Uint8Array;
}

export interface Rendered {
  image: RgbaImage;
  /** 1 where the model covers the pixel. */
  coverage: Uint8Array;
}

/** Camera-space transform: returns [x right, y up, z towards the camera]. */
export function viewTransform(
  yaw: number,
  pitch: number,
): (x: number, y: number, z: number) => [number, number, number] {
  const a = (yaw * Math.PI) / 180;
  const b = (pitch * Math.PI) / 180;
  const ca = Math.cos(a),
    sa = Math.sin(a),
    cb = Math.cos(b),
    sb = Math.sin(b);
  return (x, y, z) => {
    // Rotate the model by −yaw about Y (camera orbits by +yaw), then tilt by pitch about X.
    const x1 = ca * x - sa * z;
    const z1 = sa * x + ca * z;
    const y2 = cb * y - sb * z1;
    const z2 = sb * y + cb * z1;
    return [x1, y2, z2];
  };
}

export function rasterise(mesh: RasterMesh, view: View, texture?: RgbaImage): Rendered {
  const { width: W, height: H } = view;
  const bg = view.background ?? [255, 255, 255, 0];
  const data = new Uint8Array(W * H * 4);
  for (let i = 0; i < W * H; i++) data.set(bg, i * 4);
  const depth = new Float32Array(W * H).fill(-Infinity);
  const coverage = new Uint8Array(W * H);
  const tf = viewTransform(view.yaw, view.pitch);
  const [cx, cy, cz] = view.centre ?? [0, 0, 0];
  const n = mesh.positions.length / 3;
  const sx = new Float32Array(n),
    sy = new Float32Array(n),
    sz = new Float32Array(n);
  const scale = H / view.extent;
  const cc = tf(cx, cy, cz);
  for (let v = 0; v < n; v++) {
    const [x, y, z] = tf(mesh.positions[v * 3], mesh.positions[v * 3 + 1], mesh.positions[v * 3 + 2]);
    sx[v] = W / 2 + (x - cc[0]) * scale;
    sy[v] = H / 2 - (y - cc[1]) * scale;
    sz[v] = z;
  }
  const light = normalise([0.4, 0.6, 0.7]);
  const tri = mesh.indices;
  for (let t = 0; t < tri.length; t += 3) {
    const a = tri[t],
      b = tri[t + 1],
      c = tri[t + 2];
    // Camera-space normal from screen positions (y flipped) for shading.
    const ax = sx[b] - sx[a],
      ay = -(sy[b] - sy[a]),
      az = (sz[b] - sz[a]) * scale;
    const bx = sx[c] - sx[a],
      by = -(sy[c] - sy[a]),
      bz = (sz[c] - sz[a]) * scale;
    const nrm = normalise([ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx]);
    const shade =
      0.35 + 0.65 * Math.max(0, Math.abs(nrm[0] * light[0] + nrm[1] * light[1] + nrm[2] * light[2]));
    const minX = Math.max(0, Math.floor(Math.min(sx[a], sx[b], sx[c])));
    const maxX = Math.min(W - 1, Math.ceil(Math.max(sx[a], sx[b], sx[c])));
    const minY = Math.max(0, Math.floor(Math.min(sy[a], sy[b], sy[c])));
    const maxY = Math.min(H - 1, Math.ceil(Math.max(sy[a], sy[b], sy[c])));
    const area = (sx[b] - sx[a]) * (sy[c] - sy[a]) - (sx[c] - sx[a]) * (sy[b] - sy[a]);
    if (area === 0) continue;
    for (let y = minY; y <= maxY; y++) {
      const py = y + 0.5;
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5;
        const w0 = ((sx[b] - px) * (sy[c] - py) - (sx[c] - px) * (sy[b] - py)) / area;
        const w1 = ((sx[c] - px) * (sy[a] - py) - (sx[a] - px) * (sy[c] - py)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const i = y * W + x;
        const z = w0 * sz[a] + w1 * sz[b] + w2 * sz[c];
        if (z <= depth[i]) continue;
        depth[i] = z;
        coverage[i] = 1;
        let r = 200,
          g = 200,
          bl = 200;
        if (texture && mesh.uvs) {
          const u = w0 * mesh.uvs[a * 2] + w1 * mesh.uvs[b * 2] + w2 * mesh.uvs[c * 2];
          const vv = w0 * mesh.uvs[a * 2 + 1] + w1 * mesh.uvs[b * 2 + 1] + w2 * mesh.uvs[c * 2 + 1];
          const tx = Math.min(texture.width - 1, Math.max(0, Math.floor(u * texture.width)));
          const ty = Math.min(texture.height - 1, Math.max(0, Math.floor(vv * texture.height)));
          const o = (ty * texture.width + tx) * 4;
          r = texture.data[o];
          g = texture.data[o + 1];
          bl = texture.data[o + 2];
        } else if (mesh.triangleColours) {
          const o = (t / 3) * 3;
          r = mesh.triangleColours[o];
          g = mesh.triangleColours[o + 1];
          bl = mesh.triangleColours[o + 2];
        }
        const s = texture ? 0.55 + 0.45 * shade : shade;
        data[i * 4] = Math.min(255, r * s);
        data[i * 4 + 1] = Math.min(255, g * s);
        data[i * 4 + 2] = Math.min(255, bl * s);
        data[i * 4 + 3] = 255;
      }
    }
  }
  return { image: { width: W, height: H, data }, coverage };
}

function normalise(v: number[]): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** Eight views around the model (every 45°), each once textured and once shaded grey, in one sheet. */
export function contactSheet(mesh: RasterMesh, texture: RgbaImage | undefined, cell = 256): RgbaImage {
  const cols = 8;
  const rows = texture ? 2 : 1;
  const W = cols * cell;
  const H = rows * cell;
  const data = new Uint8Array(W * H * 4).fill(255);
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 1; i < mesh.positions.length; i += 3) {
    minY = Math.min(minY, mesh.positions[i]);
    maxY = Math.max(maxY, mesh.positions[i]);
  }
  const centre: [number, number, number] = [0, (minY + maxY) / 2, 0];
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < cols; k++) {
      const view: View = {
        yaw: k * 45,
        pitch: 15,
        width: cell,
        height: cell,
        extent: 1.5,
        // Upright models stand on y = 0: look at their middle.
        centre,
        background: [245, 245, 245, 255],
      };
      const { image } = rasterise(mesh, view, r === 0 ? texture : undefined);
      for (let y = 0; y < cell; y++)
        data.set(image.data.subarray(y * cell * 4, (y + 1) * cell * 4), ((r * cell + y) * W + k * cell) * 4);
    }
  }
  return { width: W, height: H, data };
}
