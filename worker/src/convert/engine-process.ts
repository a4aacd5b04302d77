/**
 * The engine thread: conversions run here so the worker's event loop stays free for heartbeats,
 * progress writes and the job queue. One engine per thread keeps the segmentation model loaded.
 */
import { parentPort } from 'node:worker_threads';
import { configFromEnv, isEngineError } from '@lift3d/engine';
import { createEngine, runPipeline } from './pipeline.ts';
import type { ConvertRequest, EngineReply } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('convert: engine-thread must run in a worker thread');
const engine = createEngine(configFromEnv());

const reply = (message: EngineReply) => port.postMessage(message);

port.on('message', async (request: ConvertRequest) => {
  try {
    const { files, stats } = await runPipeline(engine, request, (stage, fraction) =>
      reply({ type: 'progress', stage, fraction }),
    );
    // Copied, not transferred: some buffers may belong to Node's shared Buffer pool.
    reply({ type: 'result', files, stats });
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
