/**
 * One turntable renderer per model: everything that does not change during the turn (camera fit,
 * normals, mip chain, backdrop, footprint shadow, buffers) is prepared once; `renderFrame` then costs
 * one vertex pass, one raster pass and one resolve, and allocates nothing.
 */
import { EngineError } from '../errors.ts';
import type { TexturedModel } from '../types.ts';
import { type BackgroundOption, paintBackground, resolveBackground } from './background.ts';
import { createRasterContext, createRasterTarget, createVertexStream, type VertexStream } from './buffers.ts';
import { CAMERA_DEFAULTS, type Camera, fitCamera } from './camera.ts';
import { LIGHT_DEFAULTS, type Lighting, type LightRig, lightVertices, prepareLighting } from './lighting.ts';
import { smoothNormals } from './normals.ts';
import { rasterize, SUB } from './raster.ts';
import { resolve } from './resolve.ts';
import {
  applyGroundShadow,
  buildGroundShadow,
  type GroundShadow,
  SHADOW_DEFAULTS,
  type ShadowOptions,
} from './shadow.ts';
import { buildMipChain, type MipLevel } from './texture.ts';
import { validateModel } from './validate.ts';

export interface RenderOptions {
  width: number;
  height: number;
  background: BackgroundOption;
  fovDeg: number;
  elevationDeg: number;
  lights: LightRig;
  shadow: Partial<ShadowOptions>;
  /** Meshes from the engine are closed; turn off for open meshes so their insides show. */
  cullBackFaces: boolean;
}

export const RENDER_DEFAULTS: RenderOptions = {
  width: 720,
  height: 720,
  background: 'light',
  fovDeg: CAMERA_DEFAULTS.fovDeg,
  elevationDeg: CAMERA_DEFAULTS.elevationDeg,
  lights: LIGHT_DEFAULTS,
  shadow: {},
  cullBackFaces: true,
};

export interface TurntableRenderer {
  readonly width: number;
  readonly height: number;
  readonly camera: Camera;
  /**
   * Draws the subject turned by `angle` radians (counter-clockwise seen from above) into `out`, RGBA
   * bytes, width × height × 4. Returns the number of triangles drawn.
   */
  renderFrame(angle: number, out: Uint8Array): number;
}

const MAX_SIDE = 4096;

/**
 * Everything a renderer needs that does not change during the turn. Plain data (typed arrays and
 * numbers), so one thread can prepare it and render threads receive it by structured clone instead of
 * each repeating the work.
 */
export interface PreparedScene {
  width: number;
  height: number;
  /** Re-centred on the turn axis. */
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint32Array;
  minY: number;
  camera: Camera;
  backdrop: Int32Array;
  shadow: GroundShadow | null;
  lighting: Lighting;
  mips: MipLevel[];
  cullBackFaces: boolean;
}

export function createTurntableRenderer(
  model: TexturedModel,
  options: Partial<RenderOptions> = {},
): TurntableRenderer {
  return rendererFromScene(prepareScene(model, options));
}

export function prepareScene(model: TexturedModel, options: Partial<RenderOptions> = {}): PreparedScene {
  const opts: RenderOptions = { ...RENDER_DEFAULTS, ...options };
  const { width, height } = opts;
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(value) || value < 16 || value > MAX_SIDE) {
      throw new EngineError(
        'invalid_option',
        `render: ${name} must be an integer from 16 to ${MAX_SIDE}, got ${value}`,
      );
    }
  }
  if (!(opts.fovDeg > 5 && opts.fovDeg < 120)) {
    throw new EngineError('invalid_option', `render: fovDeg must be between 5 and 120, got ${opts.fovDeg}`);
  }
  if (!(opts.elevationDeg > -60 && opts.elevationDeg < 80)) {
    throw new EngineError(
      'invalid_option',
      `render: elevationDeg must be between -60 and 80, got ${opts.elevationDeg}`,
    );
  }
  resolveBackground(opts.background);
  validateModel(model);

  const src = model.mesh;
  const count = src.positions.length / 3;
  // Turn about the vertical axis through the footprint's centre even if the model is a little off.
  let minX = Infinity;
  let maxX = -Infinity;
  let minZ = Infinity;
  let maxZ = -Infinity;
  let minY = Infinity;
  for (let i = 0; i < count; i++) {
    const x = src.positions[i * 3];
    const z = src.positions[i * 3 + 2];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
    if (src.positions[i * 3 + 1] < minY) minY = src.positions[i * 3 + 1];
  }
  const offX = (minX + maxX) / 2;
  const offZ = (minZ + maxZ) / 2;
  const positions = new Float32Array(src.positions);
  for (let i = 0; i < count; i++) {
    positions[i * 3] -= offX;
    positions[i * 3 + 2] -= offZ;
  }
  const mesh = { positions, uvs: src.uvs, indices: src.indices };
  const normals = src.normals ?? smoothNormals(src);

  const camera = fitCamera(mesh, {
    ...CAMERA_DEFAULTS,
    width,
    height,
    fovDeg: opts.fovDeg,
    elevationDeg: opts.elevationDeg,
  });
  const backdrop = paintBackground(width, height, opts.background, camera.cy / height - 0.05);
  const shadow = buildGroundShadow(mesh, camera, { ...SHADOW_DEFAULTS, ...opts.shadow });
  const lighting = prepareLighting(opts.lights);
  const mips = buildMipChain(model.texture);
  return {
    width,
    height,
    positions,
    normals,
    uvs: mesh.uvs,
    indices: mesh.indices,
    minY,
    camera,
    backdrop,
    shadow,
    lighting,
    mips,
    cullBackFaces: opts.cullBackFaces,
  };
}

export function rendererFromScene(prepared: PreparedScene): TurntableRenderer {
  const { width, height, camera, backdrop, shadow } = prepared;
  const count = prepared.positions.length / 3;
  const target = createRasterTarget(width, height);
  const stream = createVertexStream(count);
  const raster = createRasterContext(target, stream, {
    indices: prepared.indices,
    uvs: prepared.uvs,
    mips: prepared.mips,
    cullBackFaces: prepared.cullBackFaces,
  });
  const scene: VertexScene = {
    positions: prepared.positions,
    normals: prepared.normals,
    uvs: prepared.uvs,
    minY: prepared.minY,
    camera,
    lighting: prepared.lighting,
    stream,
  };

  const renderFrame = (angle: number, out: Uint8Array): number => {
    if (out.length !== width * height * 4 || out.byteOffset % 4 !== 0) {
      throw new EngineError(
        'invalid_option',
        `render: frame buffer must be ${width * height * 4} bytes, 4-aligned`,
      );
    }
    const frame = new Int32Array(out.buffer, out.byteOffset, width * height);
    frame.set(backdrop);
    if (shadow) applyGroundShadow(shadow, frame, angle);

    transformVertices(scene, angle);
    lightVertices(scene.lighting, stream.visible, stream.normals, stream.views, stream.lifts, stream.light);
    const drawn = rasterize(raster);
    resolve(target, frame);
    return drawn;
  };

  return { width, height, camera, renderFrame };
}

interface VertexScene {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  minY: number;
  camera: Camera;
  lighting: Lighting;
  stream: VertexStream;
}

/** Turns, projects and lights every vertex (a separate function: see rasterize on V8 and long loops). */
function transformVertices(scene: VertexScene, angle: number): void {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const { eyeY, eyeZ, sinE, cosE, focal, cx, cy } = scene.camera;
  const { sx, sy, q, uq, vq, visible, views, lifts } = scene.stream;
  const nrm = scene.stream.normals;
  const { positions, normals, uvs, minY } = scene;
  const count = positions.length / 3;
  for (let i = 0; i < count; i++) {
    const p = i * 3;
    const x = positions[p];
    const y = positions[p + 1];
    const z = positions[p + 2];
    const rx = x * cos + z * sin;
    const rz = -x * sin + z * cos;
    const dy = y - eyeY;
    const dz = rz - eyeZ;
    const depth = -(dy * sinE + dz * cosE);
    if (depth < 1e-4) {
      visible[i] = 0;
      continue;
    }
    visible[i] = 1;
    const iw = 1 / depth;
    sx[i] = Math.round((cx + focal * rx * iw) * SUB);
    sy[i] = Math.round((cy - focal * (dy * cosE - dz * sinE) * iw) * SUB);
    q[i] = iw;
    uq[i] = uvs[i * 2] * iw;
    vq[i] = uvs[i * 2 + 1] * iw;

    nrm[p] = normals[p] * cos + normals[p + 2] * sin;
    nrm[p + 1] = normals[p + 1];
    nrm[p + 2] = -normals[p] * sin + normals[p + 2] * cos;
    const vl = 1 / Math.sqrt(rx * rx + dy * dy + dz * dz);
    views[p] = -rx * vl;
    views[p + 1] = -dy * vl;
    views[p + 2] = -dz * vl;
    lifts[i] = y - minY;
  }
}
