/**
 * Whether an IP address is a public unicast address a server-side fetch may connect to. Everything else
 * (loopback, private, link-local such as the cloud metadata service 169.254.169.254, CGNAT, unique-local,
 * multicast, documentation, reserved, and IPv6 forms that embed one of those) is refused, so a URL a
 * caller hands us cannot reach our own network (SSRF). Anything that does not parse is not public.
 */

type Range = [network: number[], prefix: number];

const V4_BLOCKED: Range[] = [
  [[0, 0, 0, 0], 8], // "this" network
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local (cloud metadata)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved and broadcast
];

function inRange(bytes: number[], [network, prefix]: Range): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[i] & mask) !== (network[i] & mask)) return false;
  }
  return true;
}

function parseV4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    // Strict dotted decimal: no octal (010), hex (0x7f) or empty parts, which resolvers read differently.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    bytes.push(n);
  }
  return bytes;
}

/** The 16 bytes of an IPv6 address (with `::` and an IPv4 tail), or null. Zone ids are refused. */
function parseV6(text: string): number[] | null {
  if (text.includes('%')) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const items = half.split(':');
    for (const [i, item] of items.entries()) {
      if (i === items.length - 1 && item.includes('.')) {
        const v4 = parseV4(item);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(item)) return null;
        out.push(Number.parseInt(item, 16));
      }
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return null;
  let words: number[];
  if (halves.length === 2) {
    const fill = 8 - head.length - tail.length;
    if (fill < 1) return null;
    words = [...head, ...new Array(fill).fill(0), ...tail];
  } else {
    words = head;
  }
  if (words.length !== 8) return null;
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

const V6_BLOCKED: Range[] = [
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64], // discard-only
  [[0x20, 0x01, 0x00, 0x00], 32], // Teredo (tunnels to any IPv4)
  [[0x20, 0x01, 0x00, 0x02, 0, 0], 48], // benchmarking
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x01, 0x00, 0x10], 28], // ORCHID
  [[0x20, 0x02], 16], // 6to4 (embeds any IPv4)
  [[0x00, 0x64, 0xff, 0x9b], 32], // NAT64 (embeds any IPv4), incl. the local-use 64:ff9b:1::/48
  [[0xfc], 7], // unique-local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

export function isPublicAddress(ip: string): boolean {
  const text = ip.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = parseV4(text);
  if (v4) return !V4_BLOCKED.some((range) => inRange(v4, range));
  const v6 = parseV6(text);
  if (!v6) return false;
  // IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible (::a.b.c.d) forms: judge the IPv4.
  const zeros = (from: number, to: number) => v6.slice(from, to).every((b) => b === 0);
  if (zeros(0, 10) && v6[10] === 0xff && v6[11] === 0xff) return isPublicAddress(v6.slice(12).join('.'));
  if (zeros(0, 12)) return false; // ::, ::1 and IPv4-compatible addresses
  // Only global unicast (2000::/3) is public at all.
  if ((v6[0] & 0xe0) !== 0x20) return false;
  return !V6_BLOCKED.some((range) => inRange(v6, range));
}
