/** Messages between the turntable job and its render worker threads. */
import type { PreparedScene, RenderOptions } from '../render/renderer.ts';
import type { TexturedModel } from '../types.ts';

export type WorkerRequest =
  /** The scene is prepared once by the job and cloned to every worker. */
  | { type: 'init'; scene: PreparedScene }
  | { type: 'frame'; index: number; angle: number; buffer: ArrayBuffer }
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
  | { type: 'frame'; index: number; buffer: ArrayBuffer; ms: number }
  | { type: 'still'; buffer: ArrayBuffer; ms: number }
  | { type: 'error'; message: string; code?: string };
