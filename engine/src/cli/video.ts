/**
 * Turntable video for the CLI's --video, through the renderer in ../video/ (loaded only when asked,
 * so model conversion never pays for it and works before the renderer exists).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EngineError } from '../errors.ts';
import type { TexturedModel } from '../types.ts';

export interface VideoFiles {
  mp4: Uint8Array;
  poster?: Uint8Array;
  /** File extension of the poster ('webp' or 'png'). */
  posterExt?: string;
}

type RenderTurntable = (model: TexturedModel, options?: Record<string, unknown>) => Promise<unknown>;

function asBytes(v: unknown): Uint8Array | undefined {
  return v instanceof Uint8Array ? v : undefined;
}

export async function renderVideo(
  model: TexturedModel,
  onProgress?: (fraction: number) => void,
): Promise<VideoFiles> {
  const url = new URL('../video/index.ts', import.meta.url);
  if (!existsSync(fileURLToPath(url))) {
    throw new EngineError(
      'model_unavailable',
      'img3d: video renderer not available in this build; run without --video.',
    );
  }
  const mod = (await import(url.href)) as { renderTurntable?: RenderTurntable };
  if (typeof mod.renderTurntable !== 'function') {
    throw new EngineError(
      'model_unavailable',
      'img3d: video renderer not available (no renderTurntable export); run without --video.',
    );
  }
  const result = await mod.renderTurntable(model, onProgress ? { onProgress } : {});
  const direct = asBytes(result);
  if (direct) return { mp4: direct };
  const obj = (result ?? {}) as Record<string, unknown>;
  const mp4 = asBytes(obj.mp4) ?? asBytes(obj.video) ?? asBytes(obj.data);
  if (!mp4) throw new EngineError('internal', 'img3d: the video renderer returned no MP4 data.');
  const posterExt = obj.posterMime === 'image/png' ? 'png' : 'webp';
  return { mp4, poster: asBytes(obj.poster), posterExt };
}
