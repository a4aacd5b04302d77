/**
 * One conversion: bytes → decoded image → subject mask → solid → simplified → textured model.
 * Reports progress per stage and times every stage (the benchmark prints them).
 */
import { type DecodeOptions, decodeImage } from '../decode/decode.ts';
import { EngineError } from '../errors.ts';
import type { FragmentReport } from '../geometry/fragments.ts';
import { maskBounds } from '../geometry/grid.ts';
import { type LiftedSolid, type LiftOptions, liftSolid } from '../geometry/lift.ts';
import type { ElevationCue, ElevationReport, PhotoElevationOptions } from '../geometry/photo-elevation.ts';
import { type IsolatedSubject, type IsolateOptions, isolateSubject } from '../isolate/isolate.ts';
import type { Segmenter } from '../isolate/segmenter.ts';
import type { MultiViewStats } from '../multiview/stats.ts';
import { type Atlas, buildAtlas } from '../texture/atlas.ts';
import { type DelightOptions, type DelightReport, delight } from '../texture/delight.ts';
import { unwrap } from '../texture/unwrap.ts';
import { compact } from '../topology/simplify.ts';
import { type SimplifyAttempt, simplifyManifold } from '../topology/simplify-manifold.ts';
import type { Mesh, TexturedModel } from '../types.ts';
import { type LevelTransform, levelMesh } from './level.ts';
import { TOPOLOGY_PRESETS, type Topology } from './presets.ts';

export type ProgressCallback = (stage: string, fraction: number) => void;

export interface ConvertOptions {
  topology: Topology;
  onProgress?: ProgressCallback;
  /** Overrides of the geometry step (the benchmark uses `method: 'naive'` for its baseline). */
  lift?: Partial<LiftOptions>;
  /**
   * Reading the camera's elevation from the photo (`enabled: false`: the 15° prior, as before). Multi-view
   * conversions estimate it from all their views instead (multiview/elevation.ts).
   */
  elevation?: Partial<PhotoElevationOptions>;
  /** The photo's light taken out of the base colour (`enabled: false` keeps the photo's colours). */
  delight?: Partial<DelightOptions>;
  /** Subject isolation (`{ backdrop: { enabled: false } }`: always the model for photos without alpha). */
  isolate?: Partial<IsolateOptions>;
}

export interface ConvertStats {
  width: number;
  height: number;
  format: string;
  isolation: 'alpha' | 'segmentation';
  /**
   * Which segmenter made a segmentation mask: 'backdrop' (the plain-backdrop matte, no model run) or
   * 'isnet' (the model). Absent when the photo's own alpha was used.
   */
  segmenter?: 'backdrop' | 'isnet';
  triangles: number;
  vertices: number;
  /**
   * Where the camera-frame model sits in the input image: x = (px − centrePx[0]) · unitsPerPixel, y likewise
   * negated (undo `level` first: `unlevel(mesh.positions, stats.level)`).
   */
  frame: { unitsPerPixel: number; centrePx: [number, number] };
  /**
   * How the camera-frame mesh was made upright (the output frame, `level.ts`): the camera elevation the
   * geometry estimated or assumed, undone, then the model stood on y = 0, centred and scaled 1 unit tall.
   */
  level: LevelTransform;
  /**
   * Where `level.elevationDeg` came from: 'estimated' from the photo (with the cues that agreed), the
   * 'prior', or 'views' (the multi-view estimator).
   */
  elevation: { source: ElevationReport['source'] | 'views'; degrees: number; cues: ElevationCue[] };
  /** The photo's light: whether it was divided out of the texture, how strong it was, highlights removed. */
  delight: DelightReport;
  /**
   * The closed/2-manifold/oriented check after simplification: edges checked in the kept mesh, every
   * simplification tried (more than one when a result failed the check), and whether all failed and the
   * unsimplified solid was kept.
   */
  topology: { edgesChecked: number; attempts: SimplifyAttempt[]; fallback: boolean };
  /**
   * Parts of the subject that came apart from the body: joined back by a thin bridge, dropped (specks,
   * small far parts) or left separate (big far parts: another subject).
   */
  fragments: FragmentReport;
  /** Milliseconds per stage, in pipeline order. */
  timings: Record<string, number>;
  totalMs: number;
  /** Present when extra views were given (engine/src/multiview). */
  views?: MultiViewStats;
}

export type ConvertResult = TexturedModel & { stats: ConvertStats };

export interface ConvertContext {
  decode: DecodeOptions;
  segmenter: () => Promise<Segmenter>;
  depth?: (image: import('../types.ts').RgbaImage) => Promise<Float32Array>;
  /** Extra steps of a multi-view conversion (engine/src/multiview/convert-views.ts). */
  hooks?: ConvertHooks;
}

interface ConvertHooks {
  /**
   * Reshapes the lifted solid in place, keeping its vertices and triangles, or returns another closed
   * solid that replaces it (the multi-view hull), which then brings its own texture.
   */
  afterLift?(solid: LiftedSolid, front: IsolatedSubject): Promise<ReplacedSolid | undefined> | undefined;
  /** Repaints the finished texture in place. */
  afterTexture?(mesh: Mesh, texture: TexturedModel['texture'], atlas: Atlas, front: IsolatedSubject): void;
}

/** A closed solid that replaces the lifted one (model frame), and how to texture it once simplified. */
interface ReplacedSolid {
  positions: Float32Array;
  indices: Uint32Array;
  elevationDeg: number;
  texture(positions: Float32Array, indices: Uint32Array, size: number): TexturedModel;
}

export async function convertBytes(
  bytes: Uint8Array,
  ctx: ConvertContext,
  options: ConvertOptions,
): Promise<ConvertResult> {
  if (options.topology !== 'low' && options.topology !== 'high') {
    throw new EngineError(
      'invalid_option',
      `convert: topology must be 'low' or 'high', not '${String(options.topology)}'.`,
    );
  }
  const preset = TOPOLOGY_PRESETS[options.topology];
  const progress = options.onProgress ?? (() => {});
  const timings: Record<string, number> = {};
  const start = performance.now();
  let mark = start;
  const lap = (stage: string) => {
    const now = performance.now();
    timings[stage] = Math.round((now - mark) * 10) / 10;
    mark = now;
  };

  progress('decode', 0);
  const image = await decodeImage(bytes, ctx.decode);
  lap('decode');

  progress('isolate', 0.1);
  const isolated = await isolateSubject(image, ctx.segmenter, options.isolate);
  lap('isolate');

  progress('geometry', 0.45);
  // The atlas needs only the photo, its mask and the subject's box: started here, its resampling runs on
  // sharp's threads while the geometry below keeps this one busy (the multi-view path may replace the
  // solid and its texture, so it builds the atlas only when it needs it).
  const bounds = maskBounds(isolated.mask, image.width, image.height);
  const early =
    bounds && !ctx.hooks
      ? buildAtlas(isolated.image, isolated.mask, bounds, { size: preset.textureSize })
      : undefined;
  // Awaited after the geometry; a failure there must not leave this one unhandled meanwhile.
  early?.catch(() => {});
  const depth = ctx.depth ? await ctx.depth(image) : undefined;
  // The multi-view path reads the elevation from all its views; its front keeps the prior it expects.
  const elevation = ctx.hooks ? { ...options.elevation, enabled: false } : options.elevation;
  const solid = liftSolid(image, isolated.mask, {
    resolution: preset.resolution,
    bounds,
    depth,
    ...options.lift,
    ...(elevation ? { elevation: { ...options.lift?.elevation, ...elevation } } : {}),
  });
  const replaced = await ctx.hooks?.afterLift?.(solid, isolated);
  lap('geometry');

  progress('topology', 0.6);
  const source = replaced ?? solid;
  const simplified = await simplifyManifold(source.positions, source.indices, {
    targetTriangles: preset.targetTriangles,
  });
  if (!simplified.ok) {
    // The geometry step builds closed solids by construction; never hand out a mesh that is not one.
    throw new EngineError(
      'internal',
      'convert: the 3D model came out with holes or self-touching edges. Try another photo or the other topology.',
    );
  }
  const { keep, indices } = compact(simplified.indices, source.positions.length / 3);
  if (replaced) {
    const positions = new Float32Array(keep.length * 3);
    for (let i = 0; i < keep.length; i++)
      positions.set(replaced.positions.subarray(keep[i] * 3, keep[i] * 3 + 3), i * 3);
    lap('topology');
    progress('texture', 0.75);
    const model = replaced.texture(positions, indices, preset.textureSize);
    lap('texture');
    progress('done', 1);
    return finish(model, replaced.elevationDeg);
  }
  const positions = new Float32Array(keep.length * 3);
  const side = new Uint8Array(keep.length);
  const imageXY = new Float32Array(keep.length * 2);
  for (let i = 0; i < keep.length; i++) {
    const v = keep[i];
    positions.set(solid.positions.subarray(v * 3, v * 3 + 3), i * 3);
    side[i] = solid.side[v];
    imageXY[i * 2] = solid.imageXY[v * 2];
    imageXY[i * 2 + 1] = solid.imageXY[v * 2 + 1];
  }
  lap('topology');

  progress('texture', 0.75);
  const atlas = await (early ??
    buildAtlas(isolated.image, isolated.mask, solid.bounds, { size: preset.textureSize }));
  const mesh = unwrap(positions, side, imageXY, indices, atlas);
  ctx.hooks?.afterTexture?.(mesh, atlas.texture, atlas, isolated);
  lap('texture');
  progress('done', 1);
  return finish({ mesh, texture: atlas.texture }, solid.elevationDeg);

  // Every model, one photo or several, passes here: delit in the camera frame (the light was fitted
  // toward that camera), then stood upright.
  function finish(model: TexturedModel, elevationDeg: number): ConvertResult {
    const delit = delight(model.mesh, model.texture, options.delight);
    lap('delight');
    const { mesh, level } = levelMesh(model.mesh, elevationDeg);
    return {
      mesh,
      texture: delit.texture,
      ...(delit.report.roughness !== undefined ? { roughness: delit.report.roughness } : {}),
      // The mesh is upright now: nothing left for an exporter to undo.
      elevationDeg: 0,
      stats: {
        width: image.width,
        height: image.height,
        format: image.format,
        isolation: isolated.method,
        ...(isolated.segmenter ? { segmenter: isolated.segmenter } : {}),
        triangles: mesh.indices.length / 3,
        vertices: mesh.positions.length / 3,
        frame: { unitsPerPixel: solid.unitsPerPixel, centrePx: solid.centrePx },
        level,
        elevation: replaced
          ? { source: 'views', degrees: elevationDeg, cues: [] }
          : { source: solid.elevation.source, degrees: elevationDeg, cues: solid.elevation.cues },
        delight: delit.report,
        fragments: solid.fragments,
        topology: {
          edgesChecked: simplified.edgesChecked,
          attempts: simplified.attempts,
          fallback: simplified.fallback,
        },
        timings,
        totalMs: Math.round(performance.now() - start),
      },
    };
  }
}
