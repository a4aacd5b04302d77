/**
 * Shared in-memory types of the engine. Every pipeline step reads and writes these;
 * the renderer (turntable video) consumes `TexturedModel`.
 *
 * Conventions (DESIGN §5, pipeline/level.ts): glTF axes, +Y is gravity up, the subject faces +Z (towards
 * the camera that took the photo), the lowest point on y = 0, centred over the origin, height 1 unit.
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
   * A tilt still left in the mesh: rotating by this angle about +X brings the subject's real vertical to
   * +Y (the STL and USDZ exports do). The engine's and the importer's models are levelled already (0, the
   * elevation undone is in `stats.level`); a caller's own camera-frame mesh may carry one. Missing = 0.
   */
  elevationDeg?: number;
  /** Surface roughness (glTF, 0..1) when the photo showed one (highlights); the exporters' default else. */
  roughness?: number;
  /**
   * Material maps beside the base colour, mapped by the same `mesh.uvs`, when a generation service sent
   * them (its PBR output): the GLB, glTF and USDZ carry them; the other formats keep the base colour.
   */
  maps?: MaterialMaps;
}

/** glTF's metal-rough maps, as 8-bit images of the base colour's layout (not sRGB: linear data). */
export interface MaterialMaps {
  /** glTF packing: green = roughness, blue = metalness (red unused). */
  metallicRoughness: RgbaImage;
  /** Tangent-space normals (glTF convention: +X right, +Y up in texture space, +Z out). */
  normal: RgbaImage;
}
