/**
 * `Server-Timing` on every answer: where the api spent a request's time, so a slow call can be told apart
 * from a slow hop in front of it (a browser's devtools show these; `npm run bench:load` adds them up).
 *
 *   app   from the first middleware to the answer's headers (everything the function did)
 *   auth  verifying the access token
 *   db    inside database transactions, waiting for a pooled connection and BEGIN included
 *   dbw   of that, waiting for a connection and BEGIN's round trip, before the first statement
 *
 * notes: the request's figures live in an AsyncLocalStorage so that Db (which never sees a request)
 * can add to them; outside a request (the worker's own calls, tests calling Db directly) they are dropped.
 * Durations are in milliseconds with 0.1 ms resolution: a whole call is 2–20 ms on a quiet machine.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';

interface RequestTiming {
  auth: number;
  db: number;
  dbw: number;
}

const current = new AsyncLocalStorage<RequestTiming>();

/** Adds `ms` to one figure of the request being served, if any. */
export function addTiming(name: keyof RequestTiming, ms: number): void {
  const timing = current.getStore();
  if (timing) timing[name] += ms;
}

/** Runs `fn` and adds its duration to `name` (also when it throws). */
export async function timeInto<T>(name: keyof RequestTiming, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    addTiming(name, performance.now() - start);
  }
}

export function serverTiming(): MiddlewareHandler {
  return (c, next) => {
    const timing: RequestTiming = { auth: 0, db: 0, dbw: 0 };
    const start = performance.now();
    return current.run(timing, async () => {
      await next();
      const entries = [`app;dur=${(performance.now() - start).toFixed(1)}`];
      for (const [name, ms] of Object.entries(timing))
        if (ms > 0) entries.push(`${name};dur=${ms.toFixed(1)}`);
      c.header('Server-Timing', entries.join(', '), { append: true });
    });
  };
}
