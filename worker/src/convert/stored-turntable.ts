/**
 * The turntable of a model that already exists, in the engine process: the stored GLB read back as it is
 * (no conversion) and rendered to an MP4. The model's poster and thumbnail stay the ones its conversion made.
 */
import { readStoredModel, renderTurntable } from '@lift3d/engine';
import type { Produced } from './protocol.ts';

export interface StoredTurntableInput {
  /** The model's stored GLB. */
  glb: Uint8Array;
  baseName: string;
  renderThreads: number;
}

export async function renderStoredTurntable(
  job: StoredTurntableInput,
  progress: (stage: string, fraction: number) => void,
): Promise<Produced> {
  progress('decode', 0);
  const model = await readStoredModel(job.glb);
  progress('video', 0.02);
  const video = await renderTurntable(model, {
    threads: job.renderThreads,
    onProgress: (f) => progress('video', 0.02 + 0.98 * f),
  });
  return {
    files: [{ role: 'mp4', name: `${job.baseName}.mp4`, contentType: 'video/mp4', data: video.mp4 }],
    stats: {
      triangles: model.mesh.indices.length / 3,
      videoSeconds: Math.round(video.stats.seconds * 100) / 100,
    },
    warnings: [],
  };
}
