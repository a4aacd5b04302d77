/**
 * A free preview in the engine process: the same engine as the paid conversion, on a coarser grid and
 * without the photo's texture, exported as one GLB for the studio's viewer. The shape is what the user
 * judges before paying; the texture is what they pay for, so the preview carries none (a flat clay grey).
 *
 * notes: the grid is the main cost of the geometry step and of simplification; 96 cells along the longer
 * side keeps the silhouette and the depth's large forms (bench: `npm run bench:preview`).
 */
import type { Engine, TexturedModel } from '@lift3d/engine';
import { engineInput } from './pipeline.ts';
import type { PipelineInput, Produced } from './protocol.ts';

const PREVIEW_DEFAULTS = {
  /** Geometry grid cells along the subject's longer side (the low topology's is 192). */
  resolution: 96,
  /** The clay colour every preview shows (sRGB). */
  clay: [176, 172, 166, 255] as const,
};

/** The model with its texture replaced by one clay texel: every uv reads the same grey. */
function untextured(model: TexturedModel): TexturedModel {
  return {
    ...model,
    texture: { width: 1, height: 1, data: Uint8Array.from(PREVIEW_DEFAULTS.clay) },
  };
}

export async function runPreviewPipeline(
  engine: Engine,
  job: PipelineInput,
  progress: (stage: string, fraction: number) => void,
): Promise<Produced> {
  const converted = await engine.convert(engineInput(job), {
    topology: 'low',
    lift: { resolution: PREVIEW_DEFAULTS.resolution },
    delight: { enabled: false },
    onProgress: (stage, fraction) => progress(stage, fraction * 0.9),
  });
  progress('export', 0.9);
  const { files } = await engine.exportModel(untextured(converted), 'glb', { baseName: job.baseName });
  const file = files[0];
  return {
    files: [{ role: 'glb', name: file.name, contentType: file.contentType, data: file.data }],
    stats: {
      triangles: converted.stats.triangles,
      convertMs: converted.stats.totalMs,
      isolation: converted.stats.isolation,
      ...(converted.stats.segmenter ? { segmenter: converted.stats.segmenter } : {}),
      ...(converted.stats.views ? { views: converted.stats.views.warnings } : {}),
    },
    warnings: converted.stats.views?.warnings ?? [],
  };
}
