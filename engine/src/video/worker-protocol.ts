/** Messages between the turntable job and its render worker threads. */
import type { PreparedScene, RenderOptions } from '../render/renderer.ts';
import type { TexturedModel } from '../types.ts';

export type WorkerRequest =
  /**
   * The scene is prepared once by the job and cloned to every worker; the frame slots are shared
   * memory, sent once, so frames then travel as slot numbers (no copies, no per-frame allocations).
   */
  | { type: 'init'; scene: PreparedScene; slots: SharedArrayBuffer[] }
  | { type: 'frame'; index: number; angle: number; slot: number }
  /**
   * A single image (the poster). At the frame size it reuses the frame renderer; at another size the
   * model and options come along so the worker can prepare a scene for it.
   */
  | {
      type: 'still';
      angle: number;
      width: number;
      height: number;
      model?: TexturedModel;
      options?: Partial<RenderOptions>;
    };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'frame'; index: number; slot: number; ms: number }
  | { type: 'still'; buffer: ArrayBuffer; ms: number }
  | { type: 'error'; message: string; code?: string };
