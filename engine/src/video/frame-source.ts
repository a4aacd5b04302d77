/**
 * Where frames come from: a pool of render worker threads (default), or the calling thread.
 *
 * notes
 * - Workers, not the calling thread: ffmpeg only gets more input while the event loop runs, so a
 *   thread that renders 30 ms frames back to back would starve the pipe (the OS pipe holds 64 KB of a
 *   2 MB frame). With the renderers in workers the main thread only moves buffers and feeds ffmpeg.
 * - The scene (normals, camera fit, mips, backdrop, shadow) is prepared once on the calling thread while
 *   the workers start, then cloned to each. Frames are rendered straight into shared-memory slots that
 *   the job hands to ffmpeg: nothing is copied per frame. How workers load their code: worker-code.ts.
 */
import { Worker } from 'node:worker_threads';
import { EngineError, type EngineErrorCode } from '../errors.ts';
import {
  createTurntableRenderer,
  prepareScene,
  type RenderOptions,
  rendererFromScene,
} from '../render/renderer.ts';
import type { TexturedModel } from '../types.ts';
import { renderWorkerCode } from './worker-code.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

export interface FrameSource {
  readonly threads: number;
  /** Renders frame `index` at `angle` into frame slot `slot`; resolves with the slot when done. */
  render(index: number, angle: number, slot: number): Promise<number>;
  /** One image at another size, with a renderer built for it (the poster). */
  still(angle: number, width: number, height: number): Promise<Uint8Array>;
  /** Milliseconds spent inside renderFrame, summed over frames. */
  renderMs(): number;
  close(): Promise<void>;
}

/**
 * `slots` are the frame buffers, width × height × 4 bytes each, on SharedArrayBuffers (workers render
 * into them directly).
 */
export async function openFrameSource(
  model: TexturedModel,
  options: Partial<RenderOptions>,
  threads: number,
  slots: Uint8Array[],
): Promise<FrameSource> {
  return threads > 0 ? openWorkerPool(model, options, threads, slots) : openInThread(model, options, slots);
}

function openInThread(
  model: TexturedModel,
  options: Partial<RenderOptions>,
  slots: Uint8Array[],
): FrameSource {
  const renderer = rendererFromScene(prepareScene(model, options));
  let ms = 0;
  const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    threads: 0,
    async render(_index, angle, slot) {
      const t0 = performance.now();
      renderer.renderFrame(angle, slots[slot]);
      ms += performance.now() - t0;
      await yieldToIo();
      return slot;
    },
    async still(angle, width, height) {
      const same = renderer.width === width && renderer.height === height;
      const still = same ? renderer : createTurntableRenderer(model, { ...options, width, height });
      const out = new Uint8Array(width * height * 4);
      still.renderFrame(angle, out);
      return out;
    },
    renderMs: () => ms,
    async close() {},
  };
}

interface Waiter<T> {
  resolve(value: T): void;
  reject(err: Error): void;
}

async function openWorkerPool(
  model: TexturedModel,
  options: Partial<RenderOptions>,
  threads: number,
  slots: Uint8Array[],
): Promise<FrameSource> {
  const shared = slots.map((s) => {
    if (
      !(s.buffer instanceof SharedArrayBuffer) ||
      s.byteOffset !== 0 ||
      s.byteLength !== s.buffer.byteLength
    ) {
      throw new EngineError('internal', 'video: frame slots must each own a whole SharedArrayBuffer');
    }
    return s.buffer;
  });
  const frames = new Map<number, Waiter<number>>();
  let stillWaiter: Waiter<Uint8Array> | null = null;
  const ready: Waiter<void>[] = [];
  let failure: Error | null = null;
  let closing = false;
  let ms = 0;

  const failAll = (err: Error) => {
    failure ??= err;
    for (const w of frames.values()) w.reject(err);
    frames.clear();
    stillWaiter?.reject(err);
    stillWaiter = null;
    for (const w of ready.splice(0)) w.reject(err);
  };

  const code = await renderWorkerCode();
  const workers = Array.from({ length: threads }, () => {
    const worker = code.kind === 'script' ? new Worker(code.code, { eval: true }) : new Worker(code.url);
    const state = { worker, inflight: 0 };
    worker.on('message', (msg: WorkerReply) => {
      if (msg.type === 'ready') ready.shift()?.resolve();
      else if (msg.type === 'frame') {
        state.inflight--;
        ms += msg.ms;
        const w = frames.get(msg.index);
        frames.delete(msg.index);
        w?.resolve(msg.slot);
      } else if (msg.type === 'still') {
        stillWaiter?.resolve(new Uint8Array(msg.buffer));
        stillWaiter = null;
      } else if (msg.type === 'error') {
        failAll(new EngineError((msg.code as EngineErrorCode) ?? 'internal', msg.message));
      }
    });
    worker.on('error', (err) =>
      failAll(new EngineError('internal', `video: render worker failed: ${err.message}`)),
    );
    worker.on('exit', (code) => {
      if (!closing) failAll(new EngineError('internal', `video: render worker exited (code ${code})`));
    });
    return state;
  });

  const close = async () => {
    closing = true;
    await Promise.all(workers.map((w) => w.worker.terminate()));
  };

  try {
    // Prepared here while the workers start up, once instead of once per worker.
    const scene = prepareScene(model, options);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            if (failure) return reject(failure);
            ready.push({ resolve, reject });
            w.worker.postMessage({ type: 'init', scene, slots: shared } satisfies WorkerRequest);
          }),
      ),
    );
  } catch (err) {
    await close();
    throw err;
  }

  return {
    threads,
    render(index, angle, slot) {
      if (failure) return Promise.reject(failure);
      let target = workers[0];
      for (const w of workers) if (w.inflight < target.inflight) target = w;
      target.inflight++;
      return new Promise<number>((resolve, reject) => {
        frames.set(index, { resolve, reject });
        target.worker.postMessage({ type: 'frame', index, angle, slot } satisfies WorkerRequest);
      });
    },
    still(angle, width, height) {
      if (failure) return Promise.reject(failure);
      let target = workers[0];
      for (const w of workers) if (w.inflight < target.inflight) target = w;
      return new Promise<Uint8Array>((resolve, reject) => {
        stillWaiter = { resolve, reject };
        const sameSize = width === options.width && height === options.height;
        const extra = sameSize ? {} : { model, options };
        target.worker.postMessage({ type: 'still', angle, width, height, ...extra } satisfies WorkerRequest);
      });
    },
    renderMs: () => ms,
    close,
  };
}
