/**
 * The gateway's proxy (`/api` to the api function, `/mail` to the local inbox) on node:http alone: the request's head and body go to the api function as
 * they came (Host included: the api builds its absolute links from the Host the browser used), the answer
 * comes back as it is (a redirect is passed on, not followed; a compressed body stays compressed), over
 * keep-alive connections to the api.
 *
 * notes: this replaced Hono's proxy helper over a fetch of node:http, which turned each request and answer
 * into web streams and back, and ran the gateway's Hono middleware for it: about as much CPU per api call
 * as the api function itself spent (README, bench:load). Everything else the gateway serves (pages, auth,
 * /config.json) still goes through its Hono app.
 */
import {
  Agent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';

interface ProxyOptions {
  target: URL;
  /** Headers every answer gets unless the target set them itself (the api's: the security headers). */
  defaultHeaders: (request: IncomingMessage) => Record<string, string>;
  /** Said (as JSON `{ error }`, status 502) when the target cannot be reached. */
  unavailable: string;
  log: (line: string) => void;
  /** Idle keep-alive connections kept open to the target. */
  maxFreeSockets?: number;
}

const DEFAULTS = { maxFreeSockets: 16 };

// Hop-by-hop headers (RFC 9110 §7.6.1) are the connection's, never forwarded either way.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase()),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) out[name] = value;
  return out;
}

export function createProxy(options: ProxyOptions) {
  const o = { ...DEFAULTS, ...options };
  const agent = new Agent({ keepAlive: true, maxFreeSockets: o.maxFreeSockets });
  return (req: IncomingMessage, res: ServerResponse): void => {
    const start = performance.now();
    const headers = endToEnd(req.headers);
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const upstream = httpRequest(
      {
        agent,
        hostname: o.target.hostname,
        port: o.target.port,
        method: req.method,
        path: req.url,
        headers,
      },
      (answer) => {
        const out = endToEnd(answer.headers);
        for (const [name, value] of Object.entries(o.defaultHeaders(req)))
          if (out[name.toLowerCase()] === undefined) out[name.toLowerCase()] = value;
        // The gateway's hop beside the api's own figures: request in → the api's answer headers back.
        const gw = `gw;dur=${(performance.now() - start).toFixed(1)}`;
        const timing = out['server-timing'];
        out['server-timing'] = timing === undefined ? gw : [timing, gw].flat().join(', ');
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        answer.pipe(res);
        // The api broke off mid-answer: so must the client's answer (a truncated body must not look whole).
        answer.on('aborted', () => res.destroy());
      },
    );
    let clientGone = false;
    upstream.on('error', (error) => {
      if (clientGone) return;
      o.log(`proxy to ${o.target.origin}: ${req.method} ${req.url}: ${error.message}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const body = JSON.stringify({ error: o.unavailable });
      res.writeHead(502, {
        ...o.defaultHeaders(req),
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    });
    // The client went away: stop the api's work on its behalf.
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
    req.pipe(upstream);
  };
}
