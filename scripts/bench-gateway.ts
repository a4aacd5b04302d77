/**
 * `npm run bench:gateway`: the local gateway's own cost per request, in process: a prerendered page
 * revalidated (304), a hashed asset compressed, a proxied JSON answer and a proxied 3 MB upload, each
 * `requests` times one after another against a stand-in api, in `rounds` rounds. Prints the median
 * requests per second per kind.
 *
 * notes: GATEWAY_MODULES (comma-separated) names other gateway modules with the same `createGateway` (an
 * older version copied beside it): their rounds alternate in one process, and each kind's median is given
 * as a ratio to the first module's. On a shared machine only those ratios mean much.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const DEFAULTS = {
  requests: Number(process.env.BENCH_REQUESTS ?? 200),
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
  uploadBytes: 3 * 1024 * 1024,
};

type CreateGateway = (options: Record<string, unknown>) => Server;
const modules = (process.env.GATEWAY_MODULES ?? 'local/src/gateway.ts').split(',').map((m) => resolve(m));

const dist = mkdtempSync(join(tmpdir(), 'bench-gateway-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Lift3D</title>${'<p>text</p>'.repeat(2000)}`);
writeFileSync(join(dist, 'assets/app-1.js'), `console.log(${JSON.stringify('x'.repeat(200_000))});`);

const api = createServer((req, res) => {
  let bytes = 0;
  req.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, bytes }));
  });
});
const listen = (server: Server) =>
  new Promise<number>((done) =>
    server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)),
  );
const apiPort = await listen(api);
const upload = Buffer.alloc(DEFAULTS.uploadBytes, 1);
const KINDS = ['page 304', 'asset gzip', 'api json', 'api 3 MB upload'] as const;

async function startGateway(path: string) {
  const { createGateway } = (await import(pathToFileURL(path).href)) as { createGateway: CreateGateway };
  // The gateway takes the auth server in the form its version expects; no request here reaches it.
  const gateway = createGateway({
    distDir: dist,
    apiOrigin: `http://127.0.0.1:${apiPort}`,
    auth: Object.assign(() => {}, { fetch: () => new Response('auth') }),
    publicConfig: {
      supabaseAnonKey: 'anon',
      googleEnabled: false,
      payments: 'demo',
      paypalClientId: null,
      mailInboxUrl: null,
    },
    log: () => {},
  });
  const base = `http://127.0.0.1:${await listen(gateway)}`;
  const etag = (await fetch(`${base}/`)).headers.get('etag') ?? '';
  const send: Record<(typeof KINDS)[number], () => Promise<Response>> = {
    'page 304': () => fetch(`${base}/`, { headers: { 'if-none-match': etag } }),
    'asset gzip': () => fetch(`${base}/assets/app-1.js`, { headers: { 'accept-encoding': 'gzip' } }),
    'api json': () => fetch(`${base}/api/health`),
    'api 3 MB upload': () => fetch(`${base}/api/generations`, { method: 'POST', body: upload }),
  };
  return { gateway, send };
}

const gateways = await Promise.all(modules.map(startGateway));
const rates = modules.map(() => Object.fromEntries(KINDS.map((k) => [k, [] as number[]])));
for (let round = 0; round < DEFAULTS.rounds; round++) {
  for (const [index, { send }] of gateways.entries()) {
    for (const kind of KINDS) {
      const started = performance.now();
      for (let i = 0; i < DEFAULTS.requests; i++) {
        const answer = await send[kind]();
        await answer.arrayBuffer();
        if (answer.status >= 400) throw new Error(`${kind}: HTTP ${answer.status}`);
      }
      rates[index]?.[kind]?.push(DEFAULTS.requests / ((performance.now() - started) / 1000));
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
for (const kind of KINDS) {
  const medians = rates.map((r) => median(r[kind] ?? []));
  const cells = medians.map((m, i) =>
    i === 0 ? `${m.toFixed(0)} req/s` : `${m.toFixed(0)} req/s (× ${(m / (medians[0] ?? 1)).toFixed(2)})`,
  );
  console.log(`${kind.padEnd(16)} ${cells.join('   ')}`);
}
for (const { gateway } of gateways) gateway.close();
api.close();
rmSync(dist, { recursive: true, force: true });
