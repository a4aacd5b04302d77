/**
 * `fetch` for the gateway's proxy (hono/proxy's `customFetch`), over node:http: the request's headers go
 * as they are, Host included (the platform's fetch replaces Host with the target's, and the api builds its
 * absolute links from the Host the browser used); the body streams both ways; a redirect is answered, not
 * followed; a compressed answer stays compressed.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

export function fetchKeepingHost(request: Request): Promise<Response> {
  const url = new URL(request.url);
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(request.headers),
        signal: request.signal,
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        const bodyless = request.method === 'HEAD' || status === 204 || status === 304;
        if (bodyless) answer.resume();
        resolve(
          new Response(bodyless ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>), {
            status,
            statusText: answer.statusMessage,
            headers: toHeaders(answer.headers),
          }),
        );
      },
    );
    upstream.on('error', reject);
    if (request.body) Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>).pipe(upstream);
    else upstream.end();
  });
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}
