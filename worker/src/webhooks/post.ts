/**
 * One webhook POST over node:http(s), connected to an address the caller has already checked: the custom
 * `lookup` hands Node exactly that address, so a DNS answer that changes between the check and the connect
 * (rebinding) cannot send the request elsewhere. A fresh connection per attempt (no pooled socket from an
 * earlier resolution), no redirects followed, and one wall-clock limit for connect + headers.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface PostResult {
  status: number;
}

export function postPinned(
  url: URL,
  address: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostResult> {
  const family = address.includes(':') ? 6 : 4;
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      agent: false,
      lookup,
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no response within ${Math.round(timeoutMs)} ms`)),
      timeoutMs,
    );
    request.on('response', (response) => {
      clearTimeout(timer);
      // The status is the answer; the body is not read (a receiver could stream forever).
      response.destroy();
      resolve({ status: response.statusCode ?? 0 });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
