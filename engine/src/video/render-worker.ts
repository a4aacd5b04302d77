/**
 * A render worker thread: builds a renderer from the prepared scene it is sent, then renders the frames
 * it is asked for into frame slots shared with the job (SharedArrayBuffers).
 */
import { parentPort } from 'node:worker_threads';
import { createTurntableRenderer, rendererFromScene, type TurntableRenderer } from '../render/renderer.ts';
import type { WorkerReply, WorkerRequest } from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('video: render-worker must run in a worker thread');

let renderer: TurntableRenderer | null = null;
let slots: Uint8Array[] = [];

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []): void {
  port!.postMessage(message, transfer);
}

function frameRenderer(): TurntableRenderer {
  if (!renderer) throw new Error('video: render worker used before init');
  return renderer;
}

port.on('message', (msg: WorkerRequest) => {
  try {
    if (msg.type === 'init') {
      renderer = rendererFromScene(msg.scene);
      slots = msg.slots.map((s) => new Uint8Array(s));
      reply({ type: 'ready' });
    } else if (msg.type === 'frame') {
      const t0 = performance.now();
      frameRenderer().renderFrame(msg.angle, slots[msg.slot]);
      reply({ type: 'frame', index: msg.index, slot: msg.slot, ms: performance.now() - t0 });
    } else if (msg.type === 'still') {
      const t0 = performance.now();
      const own = frameRenderer();
      const still =
        own.width === msg.width && own.height === msg.height
          ? own
          : createTurntableRenderer(msg.model!, { ...msg.options, width: msg.width, height: msg.height });
      const buffer = new ArrayBuffer(msg.width * msg.height * 4);
      still.renderFrame(msg.angle, new Uint8Array(buffer));
      reply({ type: 'still', buffer, ms: performance.now() - t0 }, [buffer]);
    }
  } catch (err) {
    const e = err as Error & { code?: string };
    reply({ type: 'error', message: e?.message ?? String(err), code: e?.code });
  }
});
