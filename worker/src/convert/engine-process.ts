/**
 * The engine process: conversions run here so the worker's event loop stays free for heartbeats, progress
 * writes and the job queue. One engine per process keeps the segmentation model loaded between jobs.
 *
 * notes: a process, not a worker thread, because a thread cannot be stopped while it is inside native code
 * (resvg, sharp, onnxruntime): Worker.terminate() waited 115 s for one resvg render to return. A process
 * dies at SIGKILL whatever it is doing, which is what the job's wall-clock limit and cancel rely on.
 */
import { configFromEnv, isEngineError } from '@lift3d/engine';
import { autogroupNice, idleCpuGroup, idleScheduling } from '../priority.ts';
import { createEngine, runPipeline } from './pipeline.ts';
import { runPreviewPipeline } from './preview-pipeline.ts';
import {
  type ConvertRequest,
  ENGINE_IDLE_ENV,
  ENGINE_IDLE_GROUP_ENV,
  ENGINE_SESSION_NICE_ENV,
  type EngineReply,
  type WarmRequest,
} from './protocol.ts';

if (!process.send) throw new Error('convert: engine-process must be forked with an IPC channel');
// The worker is gone (crashed, killed): nothing would ever read our results. Engines may lead sessions
// of their own (not the worker's process group): this, not a group signal, is what stops them.
process.on('disconnect', () => process.exit(0));
// Before the engine starts its threads (onnxruntime, render, ffmpeg): they inherit the policy.
const sessionNice = process.env[ENGINE_SESSION_NICE_ENV];
if (sessionNice) {
  const failed = await autogroupNice(Number(sessionNice));
  if (failed) console.warn(`convert: the engine's session keeps its CPU share: ${failed}`);
}
if (process.env[ENGINE_IDLE_GROUP_ENV] === '1') {
  const failed = idleCpuGroup();
  if (failed)
    console.warn(`convert: the engine is not in an idle CPU group (SCHED_IDLE still applies): ${failed}`);
}
if (process.env[ENGINE_IDLE_ENV] === '1') {
  const failed = idleScheduling();
  if (failed) console.warn(`convert: engine at the worker's nice value, not SCHED_IDLE: ${failed}`);
}
const engine = createEngine(configFromEnv());

const reply = (message: EngineReply) => {
  if (process.connected) process.send?.(message);
};

process.on('message', async (request: ConvertRequest | WarmRequest) => {
  if (request.type === 'warm') {
    const started = Date.now();
    // A model that fails to load here is reported, and fails the conversion that needs it as before.
    const error = await engine.warmUp().then(
      () => undefined,
      (e: Error) => e.message,
    );
    return reply({ type: 'warmed', ms: Date.now() - started, error });
  }
  try {
    if (request.inspect) {
      const report = await engine.inspect(request.input);
      return reply({ type: 'result', files: [], stats: { ...report }, warnings: [] });
    }
    const run = request.preview ? runPreviewPipeline : runPipeline;
    const { files, stats, warnings } = await run(engine, request, (stage, fraction) =>
      reply({ type: 'progress', stage, fraction }),
    );
    reply({ type: 'result', files, stats, warnings });
  } catch (error) {
    const userFacing =
      isEngineError(error) && error.code !== 'internal' && error.code !== 'model_unavailable';
    reply({
      type: 'error',
      code: isEngineError(error) ? error.code : 'internal',
      message: error instanceof Error ? error.message : String(error),
      userFacing,
    });
  }
});
reply({ type: 'ready' });
