/**
 * Runs conversions in an engine process, one at a time per runner. The process is started by `warm()` (the
 * worker calls it whenever it finds no job, so a job taken over from a worker that died does not wait for
 * the engine and its segmentation model to load) or on first use, and again after a crash (out of memory,
 * native abort), a cancel or a timeout; a crash fails only that job.
 *
 * notes: cancel() is SIGKILL. A worker thread could not be stopped inside native code (see
 * engine-process.ts), and a job that is cancelled or over its time limit must stop using the CPU at once.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  type ConvertRequest,
  ENGINE_IDLE_ENV,
  ENGINE_IDLE_GROUP_ENV,
  ENGINE_SESSION_NICE_ENV,
  type EngineReply,
  type Produced,
  type WarmRequest,
} from './protocol.ts';

const BOOT_PATH = fileURLToPath(new URL('./engine-process-boot.mjs', import.meta.url));

export interface EngineRunnerOptions {
  /** V8 heap limit of the engine process; native memory (ONNX, images) is not counted. */
  maxHeapMb: number;
  /**
   * The engine process and every thread it starts run under SCHED_IDLE (priority.ts): any other work of
   * its session, the api's first when they share one, takes the CPU from a conversion at once.
   */
  idle: boolean;
  /**
   * Linux: the engine process starts a session of its own and sets that session's autogroup to this nice
   * value; null keeps it in the worker's session. With autogroups the kernel shares the CPU between
   * sessions first, so an engine in the api's session spends the api's share (priority.ts, notes).
   */
  sessionNice: number | null;
  /**
   * Linux: the engine process moves into a CPU control group marked idle (priority.ts, idleCpuGroup), so
   * that every other task on the machine, the database server's too, takes the CPU from it at once.
   */
  idleGroup: boolean;
}

const ENGINE_RUNNER_DEFAULTS: EngineRunnerOptions = {
  maxHeapMb: 4096,
  idle: false,
  sessionNice: null,
  idleGroup: false,
};

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

interface EngineRun {
  result: Promise<Produced>;
  /** Kills the engine process at once; `result` then rejects with code 'cancelled'. */
  cancel: () => void;
}

export interface EngineRunner {
  readonly busy: boolean;
  run(
    request: Omit<ConvertRequest, 'type'>,
    onProgress: (stage: string, fraction: number) => void,
  ): EngineRun;
  /**
   * When idle: starts the engine process if none runs and has it load its segmentation model, once per
   * process. Resolves with the milliseconds the load took (0 when it was asked for already, or the runner
   * is converting); rejects when the load failed.
   */
  warm(): Promise<number>;
  close(): Promise<void>;
}

interface EngineProcess {
  child: ChildProcess;
  ready: Promise<void>;
  /** warm() has asked this process to load the model (once: a failed load is left to the job needing it). */
  warmed: boolean;
}

function startProcess(o: EngineRunnerOptions): EngineProcess {
  const child = fork(BOOT_PATH, [], {
    execArgv: [`--max-old-space-size=${o.maxHeapMb}`],
    serialization: 'advanced', // structured clone: images and files travel as bytes, not JSON
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Its own session (setsid): that is what puts it in an autogroup of its own. It still dies with the
    // worker: engine-process.ts exits when the IPC channel closes.
    detached: o.sessionNice !== null && process.platform === 'linux',
    env: {
      ...process.env,
      [ENGINE_IDLE_ENV]: o.idle ? '1' : '0',
      [ENGINE_IDLE_GROUP_ENV]: o.idleGroup ? '1' : '0',
      [ENGINE_SESSION_NICE_ENV]: o.sessionNice === null ? '' : String(o.sessionNice),
    },
  });
  // Neither the process nor its channel keeps the worker alive on their own.
  child.unref();
  child.channel?.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (m: EngineReply) => {
      if (m.type !== 'ready') return;
      child.off('exit', onExit);
      child.off('message', onMessage);
      resolve();
    };
    const onExit = (code: number | null, signal: string | null) =>
      reject(
        new EngineJobError('crash', `convert: the engine process did not start (${signal ?? code})`, false),
      );
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  ready.catch(() => {}); // observed by run(); a process killed while starting is not an unhandled rejection
  return { child, ready, warmed: false };
}

const alive = (p: EngineProcess | null): p is EngineProcess =>
  p !== null && p.child.exitCode === null && p.child.signalCode === null;

export function createEngineRunner(options: Partial<EngineRunnerOptions> = {}): EngineRunner {
  const o = { ...ENGINE_RUNNER_DEFAULTS, ...options };
  let engine: EngineProcess | null = null;
  let busy = false;

  return {
    get busy() {
      return busy;
    },
    run(request, onProgress) {
      if (busy) throw new Error('convert: the engine runner is already converting');
      busy = true;
      if (!alive(engine)) engine = startProcess(o);
      const current = engine;
      const { child } = current;
      let cancelled = false;
      const result = new Promise<Produced>((resolve, reject) => {
        const finish = () => {
          busy = false;
          child.off('message', onMessage);
          child.off('exit', onExit);
        };
        const onMessage = (message: EngineReply) => {
          if (message.type === 'ready' || message.type === 'warmed') return;
          if (message.type === 'progress') return onProgress(message.stage, message.fraction);
          finish();
          if (message.type === 'result')
            resolve({ files: message.files, stats: message.stats, warnings: message.warnings });
          else reject(new EngineJobError(message.code, message.message, message.userFacing));
        };
        const onExit = (code: number | null, signal: string | null) => {
          finish();
          if (engine === current) engine = null;
          reject(
            cancelled
              ? new EngineJobError('cancelled', 'convert: the conversion was stopped', false)
              : new EngineJobError(
                  'crash',
                  `convert: the engine process stopped (${signal ? `signal ${signal}` : `exit code ${code}`})`,
                  false,
                ),
          );
        };
        child.on('message', onMessage);
        child.on('exit', onExit);
        current.ready.then(
          () => {
            if (!cancelled) child.send({ type: 'convert', ...request } satisfies ConvertRequest);
          },
          () => {}, // onExit reports it
        );
      });
      const cancel = () => {
        if (cancelled || !alive(current)) return;
        cancelled = true;
        child.kill('SIGKILL');
      };
      return { result, cancel };
    },
    warm() {
      // Never beside a conversion: the load would take its CPU, and it may not need the model at all.
      if (busy) return Promise.resolve(0);
      if (!alive(engine)) engine = startProcess(o);
      const current = engine;
      if (current.warmed) return Promise.resolve(0);
      current.warmed = true;
      const { child } = current;
      return new Promise<number>((resolve, reject) => {
        const onMessage = (m: EngineReply) => {
          if (m.type !== 'warmed') return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          if (m.error) reject(new EngineJobError('model_unavailable', m.error, false));
          else resolve(m.ms);
        };
        const onExit = () => {
          child.off('message', onMessage);
          reject(new EngineJobError('crash', 'convert: the engine process exited while loading', false));
        };
        child.on('message', onMessage);
        child.once('exit', onExit);
        current.ready.then(
          () => child.send({ type: 'warm' } satisfies WarmRequest),
          () => {}, // onExit reports it
        );
      });
    },
    async close() {
      const p = engine;
      engine = null;
      if (!alive(p)) return;
      const exited = new Promise<void>((resolve) => p.child.once('exit', () => resolve()));
      p.child.kill('SIGKILL');
      await exited;
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
      if (!idle)
        throw new Error('convert: every engine process is busy (more jobs than WORKER_CONCURRENCY?)');
      return idle.run(request, onProgress);
    },
    async warm() {
      return Math.max(...(await Promise.all(runners.map((r) => r.warm()))));
    },
    async close() {
      await Promise.all(runners.map((r) => r.close()));
    },
  };
}
