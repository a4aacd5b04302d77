import { createServer } from 'node:net';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 2xx or the deadline passes. */
export async function waitForHttp(
  url: string,
  timeoutMs: number,
  isAlive: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`stack: the process serving ${url} exited during start-up`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`stack: ${url} did not become ready within ${timeoutMs} ms (${lastError})`);
}
