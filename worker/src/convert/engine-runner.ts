/**
 * Runs conversions in a worker thread, one at a time per runner. The thread is started on first use and
 * restarted after a crash (out of memory, native abort) or a cancellation; a crash fails only that job.
 */
import { Worker } from 'node:worker_threads';
import type { ConvertRequest, EngineReply, ProducedFile } from './protocol.ts';

const BOOT_URL = new URL('./engine-thread-boot.mjs', import.meta.url);

export interface EngineRunnerOptions {
  /** V8 heap limit of the thread; native memory (ONNX, images) is not counted. */
  maxHeapMb: number;
}

export const ENGINE_RUNNER_DEFAULTS: EngineRunnerOptions = { maxHeapMb: 4096 };

export class EngineJobError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly userFacing: boolean,
  ) {
    super(message);
    this.name = 'EngineJobError';
  }
}

export interface EngineRunner {
  readonly busy: boolean;
  run(
    request: Omit<ConvertRequest, 'type'>,
    onProgress: (stage: string, fraction: number) => void,
  ): { result: Promise<{ files: ProducedFile[]; stats: Record<string, unknown> }>; cancel: () => void };
  close(): Promise<void>;
}

export function createEngineRunner(options: Partial<EngineRunnerOptions> = {}): EngineRunner {
  const o = { ...ENGINE_RUNNER_DEFAULTS, ...options };
  let thread: Worker | null = null;
  let busy = false;

  const start = () => {
    thread = new Worker(BOOT_URL, { resourceLimits: { maxOldGenerationSizeMb: o.maxHeapMb } });
    thread.unref();
    return thread;
  };

  return {
    get busy() {
      return busy;
    },
    run(request, onProgress) {
      if (busy) throw new Error('convert: the engine runner is already converting');
      busy = true;
      const worker = thread ?? start();
      let cancel = () => {};
      const result = new Promise<{ files: ProducedFile[]; stats: Record<string, unknown> }>(
        (resolve, reject) => {
          const finish = () => {
            busy = false;
            worker.off('message', onMessage);
            worker.off('error', onError);
            worker.off('exit', onExit);
          };
          const onMessage = (message: EngineReply) => {
            if (message.type === 'progress') return onProgress(message.stage, message.fraction);
            finish();
            if (message.type === 'result') resolve({ files: message.files, stats: message.stats });
            else reject(new EngineJobError(message.code, message.message, message.userFacing));
          };
          const onError = (error: Error) => {
            finish();
            thread = null;
            reject(
              new EngineJobError('crash', `convert: the engine thread crashed: ${error.message}`, false),
            );
          };
          const onExit = (code: number) => {
            finish();
            thread = null;
            reject(
              new EngineJobError('crash', `convert: the engine thread stopped (exit code ${code})`, false),
            );
          };
          worker.on('message', onMessage);
          worker.on('error', onError);
          worker.on('exit', onExit);
          cancel = () => {
            void worker.terminate();
          };
          worker.postMessage({ type: 'convert', ...request } satisfies ConvertRequest);
        },
      );
      return { result, cancel };
    },
    async close() {
      const t = thread;
      thread = null;
      if (t) await t.terminate();
    },
  };
}

/** One runner per job slot of the worker (its concurrency). */
export function createEnginePool(size: number, options: Partial<EngineRunnerOptions> = {}): EngineRunner {
  const runners = Array.from({ length: Math.max(1, size) }, () => createEngineRunner(options));
  return {
    get busy() {
      return runners.every((r) => r.busy);
    },
    run(request, onProgress) {
      const idle = runners.find((r) => !r.busy);
      if (!idle) throw new Error('convert: every engine thread is busy (more jobs than WORKER_CONCURRENCY?)');
      return idle.run(request, onProgress);
    },
    async close() {
      await Promise.all(runners.map((r) => r.close()));
    },
  };
}
