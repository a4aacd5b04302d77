/**
 * Where bench:load's calls spent their time, hop by hop, from the answers' Server-Timing headers: the
 * gateway's `gw` (request in → the api's answer headers out) and the api's `app` (its whole handling),
 * `auth` (token), `db` (transactions, pool wait included) and `dbw` (pool wait and BEGIN).
 *
 * Segments (each call's parts add up to its time):
 *   outside   client → gateway and back, the body included: the client's and the sockets' share
 *   proxy     gw − app: the gateway's own work, its connection to the api and Deno's serving
 *   api       app − auth − db: the function's own code (routing, validation, JSON, link signing)
 *   auth, db  as the api measured them
 */

const SEGMENTS = ['outside', 'proxy', 'api', 'auth', 'db'] as const;
type Segment = (typeof SEGMENTS)[number];

interface Timed {
  ms: number;
  ok: boolean;
  hops?: Record<string, number>;
}

/** `name;dur=1.2, other;dur=3` (several headers joined by commas) → { name: 1.2, other: 3 }; null → {}. */
export function parseServerTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.split(';').map((p) => p.trim());
    const dur = params.find((p) => p.startsWith('dur='));
    if (name && dur) out[name] = (out[name] ?? 0) + Number(dur.slice(4));
  }
  return out;
}

function segments(s: Timed): Record<Segment, number> | null {
  const h = s.hops;
  if (!h || h.gw === undefined || h.app === undefined) return null;
  const auth = h.auth ?? 0;
  const db = h.db ?? 0;
  return { outside: s.ms - h.gw, proxy: h.gw - h.app, api: h.app - auth - db, auth, db };
}

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Lines for the report: each segment's p50/p99 over all calls, and its mean share in the slowest 1 %. */
export function describeHops(samples: readonly Timed[]): string[] {
  const rows = samples
    .filter((s) => s.ok)
    .map((s) => ({ ms: s.ms, seg: segments(s), dbw: s.hops?.dbw ?? 0 }))
    .filter((r) => r.seg !== null) as { ms: number; seg: Record<Segment, number>; dbw: number }[];
  if (rows.length === 0) return ['hops: no Server-Timing in the answers'];
  const p99 = at(
    rows.map((r) => r.ms).sort((a, b) => a - b),
    0.99,
  );
  const tail = rows.filter((r) => r.ms >= p99);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const lines = [
    `hops (Server-Timing, ${rows.length} calls; ms): segment p50 / p99 over all calls | mean in the slowest 1 % (${tail.length} calls, ≥ ${p99.toFixed(1)} ms)`,
  ];
  const addLine = (name: string, values: (r: (typeof rows)[number]) => number) => {
    const sorted = rows.map(values).sort((a, b) => a - b);
    lines.push(
      `  ${name.padEnd(8)} ${at(sorted, 0.5).toFixed(1)} / ${at(sorted, 0.99).toFixed(1)} | ${mean(tail.map(values)).toFixed(1)}`,
    );
  };
  for (const name of SEGMENTS) addLine(name, (r) => r.seg[name]);
  addLine('(dbw)', (r) => r.dbw);
  return lines;
}
