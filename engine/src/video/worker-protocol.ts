/** Messages between the turntable job and its render worker threads. */
import type { RenderOptions } from '../render/renderer.ts';
import type { TexturedModel } from '../types.ts';

export type WorkerRequest =
  | { type: 'init'; model: TexturedModel; options: Partial<RenderOptions> }
  | { type: 'frame'; index: number; angle: number; buffer: ArrayBuffer }
  /** A single image at another size (the poster), rendered with a renderer built for it. */
  | { type: 'still'; angle: number; width: number; height: number };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'frame'; index: number; buffer: ArrayBuffer; ms: number }
  | { type: 'still'; buffer: ArrayBuffer; ms: number }
  | { type: 'error'; message: string; code?: string };
