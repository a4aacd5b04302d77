/**
 * A render worker thread: builds its own renderer from the model it is sent, then renders the frames
 * it is asked for into buffers that travel back and forth without copies (transferred ArrayBuffers).
 */
import { parentPort } from 'node:worker_threads';
import { createTurntableRenderer, type RenderOptions, type TurntableRenderer } from '../render/renderer.ts';
import type { TexturedModel } from '../types.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('video: render-worker must run in a worker thread');

let model: TexturedModel | null = null;
let options: Partial<RenderOptions> = {};
let renderer: TurntableRenderer | null = null;

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

port.on('message', (msg: WorkerRequest) => {
  try {
    if (msg.type === 'init') {
      model = msg.model;
      options = msg.options;
      renderer = createTurntableRenderer(model, options);
      reply({ type: 'ready' });
    } else if (msg.type === 'frame') {
      const t0 = performance.now();
      const frame = new Uint8Array(msg.buffer);
      renderer!.renderFrame(msg.angle, frame);
      reply({ type: 'frame', index: msg.index, buffer: msg.buffer, ms: performance.now() - t0 }, [
        msg.buffer,
      ]);
    } else if (msg.type === 'still') {
      const t0 = performance.now();
      const same = renderer && renderer.width === msg.width && renderer.height === msg.height;
      const still = same
        ? renderer!
        : createTurntableRenderer(model!, { ...options, width: msg.width, height: msg.height });
      const buffer = new ArrayBuffer(msg.width * msg.height * 4);
      still.renderFrame(msg.angle, new Uint8Array(buffer));
      reply({ type: 'still', buffer, ms: performance.now() - t0 }, [buffer]);
    }
  } catch (err) {
    const e = err as Error & { code?: string };
    reply({ type: 'error', message: e?.message ?? String(err), code: e?.code });
  }
});
