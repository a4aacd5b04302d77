/**
 * Shared in-memory types of the engine. Every pipeline step reads and writes these;
 * the renderer (turntable video) consumes `TexturedModel`.
 *
 * Conventions (DESIGN §5): glTF axes, +Y up, the subject faces +Z (towards the camera
 * that took the photo), centred at the origin, height 1 unit.
 */

/** 8-bit RGBA pixels, row-major, top row first, non-premultiplied, sRGB. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Indexed triangle mesh. Front faces wind counter-clockwise seen from outside. */
export interface Mesh {
  /** xyz per vertex. */
  positions: Float32Array;
  /** Unit normal per vertex (optional; computed when missing). */
  normals?: Float32Array;
  /** uv per vertex, glTF convention: (0,0) is the top-left of the texture image. */
  uvs: Float32Array;
  /** Three vertex indices per triangle. */
  indices: Uint32Array;
}

export interface TexturedModel {
  mesh: Mesh;
  /** Base colour texture mapped by `mesh.uvs`. */
  texture: RgbaImage;
  /**
   * The camera elevation (degrees above the subject) the geometry assumed. The mesh stays in the photo's
   * camera frame; rotating it by this angle about +X brings the subject's real vertical to +Y (the STL
   * export does, so prints stand). Missing = 0.
   */
  elevationDeg?: number;
}
