/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records every request (headers and raw body) and
 * answers as told — 2xx by default, a scripted status per request, a delay, or never ("hang") until stop().
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

type Answer = number | 'hang';

export async function startReceiver() {
  const received: Received[] = [];
  /** Answers for the next requests, first first; when empty, `fallback`. */
  const script: Answer[] = [];
  const hanging: ServerResponse[] = [];
  const state = { fallback: 204 as Answer, delayMs: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const answer = script.length ? (script.shift() as Answer) : state.fallback;
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      setTimeout(() => {
        res.writeHead(answer, { 'content-type': 'text/plain' });
        res.end(answer >= 200 && answer < 300 ? 'ok' : 'no');
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/lift3d`,
    received,
    script,
    state,
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
