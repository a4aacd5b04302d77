/**
 * Whether an IP address (v4 or v6 literal, no brackets or port) is a public internet address, i.e. one a
 * server may safely connect to on a user's behalf. Everything else is refused: loopback, private (RFC 1918),
 * carrier-grade NAT (100.64/10), link-local, unique-local (fc00::/7), multicast, documentation and
 * benchmarking ranges, "this network", broadcast, and IPv6 forms that embed an IPv4 address (mapped,
 * NAT64, 6to4) when the embedded address is not public. Anything that does not parse is not public.
 * Pure TypeScript: runs on Deno (api) and Node (worker).
 */

type V4 = [number, number, number, number];

function parseV4(text: string): V4 | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const part of parts) {
    // Decimal only: "010" or "0x7f" are how URL parsers get tricked into other addresses.
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    out.push(n);
  }
  return out as V4;
}

/** Eight 16-bit groups, or null. Accepts "::" compression and a trailing dotted IPv4 part. */
function parseV6(text: string): number[] | null {
  let s = text.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = parseV4(s.slice(lastColon + 1));
    if (!v4) return null;
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
    // Keep a "::" that precedes the IPv4 part; drop a single separating colon.
    s = s.slice(0, lastColon + 1);
    if (!s.endsWith('::')) s = s.slice(0, -1);
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const parse = (g: string) => (/^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN);
  const words = [...head.map(parse), ...rest.map(parse)];
  if (words.some(Number.isNaN)) return null;
  const total = words.length + tail.length;
  if (halves.length === 2) {
    if (total > 7) return null;
    const zeros = new Array(8 - total).fill(0);
    return [...head.map(parse), ...zeros, ...rest.map(parse), ...tail];
  }
  if (total !== 8) return null;
  return [...words, ...tail];
}

function publicV4([a, b, c]: V4): boolean {
  if (a === 0 || a === 10 || a === 127) return false; // this network, private, loopback
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local (cloud metadata lives here)
  if (a === 172 && b >= 16 && b <= 31) return false; // private
  if (a === 192 && b === 168) return false; // private
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF assignments, TEST-NET-1
  if (a === 192 && b === 88 && c === 99) return false; // 6to4 relay anycast (deprecated)
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51 && c === 100) return false; // TEST-NET-2
  if (a === 203 && b === 0 && c === 113) return false; // TEST-NET-3
  if (a >= 224) return false; // multicast, reserved, broadcast
  return true;
}

function v4From(hi: number, lo: number): V4 {
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
}

function publicV6(w: number[]): boolean {
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): judge the IPv4 address.
  if (w.slice(0, 5).every((x) => x === 0) && (w[5] === 0xffff || w[5] === 0)) {
    if (w[5] === 0 && w[6] === 0) return false; // ::, ::1 and the rest of ::/96's low end
    return publicV4(v4From(w[6], w[7]));
  }
  // 64:ff9b::/96 (NAT64): the embedded IPv4 address decides.
  if (w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0))
    return publicV4(v4From(w[6], w[7]));
  // 2002::/16 (6to4): the embedded IPv4 address decides.
  if (w[0] === 0x2002) return publicV4(v4From(w[1], w[2]));
  // Only global unicast (2000::/3) is public; within it, leave out special-purpose blocks.
  if ((w[0] & 0xe000) !== 0x2000) return false;
  if (w[0] === 0x2001 && w[1] < 0x0200) return false; // 2001::/23 IETF protocol assignments (Teredo, ORCHID…)
  if (w[0] === 0x2001 && w[1] === 0x0db8) return false; // documentation
  if (w[0] === 0x3fff && w[1] < 0x1000) return false; // documentation (3fff::/20)
  return true;
}

export function isPublicAddress(ip: string): boolean {
  const text = ip.trim();
  if (text.includes(':')) {
    const words = parseV6(text.replace(/^\[|\]$/g, ''));
    return words !== null && publicV6(words);
  }
  const v4 = parseV4(text);
  return v4 !== null && publicV4(v4);
}
