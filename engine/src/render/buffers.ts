/**
 * The buffers the rasteriser works on: multisample colour and depth, the per-frame transformed
 * vertices, and the context object that gathers them for the hot path.
 */
import type { MipLevel } from './texture.ts';

export interface RasterTarget {
  width: number;
  height: number;
  /** 1/w per sample, 4 per pixel; 0 = empty. */
  depth: Float32Array;
  /** Packed RGBA per sample, 4 per pixel. */
  color: Int32Array;
  /** Pixel rectangle touched since the last resolve: minX, minY, maxX, maxY (inclusive). */
  dirty: Int32Array;
}

export function createRasterTarget(width: number, height: number): RasterTarget {
  return {
    width,
    height,
    depth: new Float32Array(width * height * 4),
    color: new Int32Array(width * height * 4),
    dirty: Int32Array.of(width, height, -1, -1),
  };
}

/** Per-frame transformed vertices. */
export interface VertexStream {
  /** Screen position in subpixel units (integers). */
  sx: Float64Array;
  sy: Float64Array;
  /** 1/w. */
  q: Float64Array;
  /** u/w, v/w. */
  uq: Float64Array;
  vq: Float64Array;
  /** Diffuse r, g, b and specular per vertex (linear light). */
  light: Float32Array;
  /** 1 when in front of the camera. */
  visible: Uint8Array;
  /** Scratch for lighting: turned normals, unit view vectors, heights above the floor. */
  normals: Float32Array;
  views: Float32Array;
  lifts: Float32Array;
}

export function createVertexStream(count: number): VertexStream {
  return {
    sx: new Float64Array(count),
    sy: new Float64Array(count),
    q: new Float64Array(count),
    uq: new Float64Array(count),
    vq: new Float64Array(count),
    light: new Float32Array(count * 4),
    visible: new Uint8Array(count),
    normals: new Float32Array(count * 3),
    views: new Float32Array(count * 3),
    lifts: new Float32Array(count),
  };
}

export interface RasterInput {
  indices: Uint32Array;
  uvs: Float32Array;
  mips: MipLevel[];
  /** Skip triangles facing away (closed meshes). */
  cullBackFaces: boolean;
}

/** Everything `drawTriangle` reads, gathered once per renderer so the hot path sees one object shape. */
export interface RasterContext {
  width: number;
  height: number;
  depth: Float32Array;
  color: Int32Array;
  dirty: Int32Array;
  sx: Float64Array;
  sy: Float64Array;
  q: Float64Array;
  uq: Float64Array;
  vq: Float64Array;
  light: Float32Array;
  visible: Uint8Array;
  indices: Uint32Array;
  uvs: Float32Array;
  mips: MipLevel[];
  cullBackFaces: boolean;
}

export function createRasterContext(
  target: RasterTarget,
  v: VertexStream,
  input: RasterInput,
): RasterContext {
  return {
    width: target.width,
    height: target.height,
    depth: target.depth,
    color: target.color,
    dirty: target.dirty,
    sx: v.sx,
    sy: v.sy,
    q: v.q,
    uq: v.uq,
    vq: v.vq,
    light: v.light,
    visible: v.visible,
    indices: input.indices,
    uvs: input.uvs,
    mips: input.mips,
    cullBackFaces: input.cullBackFaces,
  };
}
