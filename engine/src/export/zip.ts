/**
 * Zip archives for the OBJ bundle, 3MF and USDZ, written with Node's native zlib (deflate and CRC-32).
 *
 * Notes: fflate's JavaScript deflate at level 6 was the largest single cost of exporting a model to the
 * seven formats (about a tenth of a conversion's CPU, mostly the OBJ text and the 3MF XML); zlib's native
 * deflate at the same level gives archives of the same size for a fraction of that. Entries carry a fixed
 * date (1980-01-01, the format's earliest), so the same model always gives the same bytes.
 */
import { crc32, deflateRawSync } from 'node:zlib';

interface ZipEntry {
  name: string;
  data: Uint8Array;
  /** 0 stores the data (already compressed, or a format that forbids compression), 1..9 deflates it. */
  level?: number;
  /** Start the entry's data on a multiple of this many bytes (USDZ: 64), padding the local header's extra field. */
  align?: number;
}

const ZIP_DEFAULTS = { level: 6 } as const;
/** The extra field's id for the alignment padding (private range; readers skip ids they do not know). */
const PAD_ID = 0x4c33;
/** MS-DOS date of 1980-01-01 (time 00:00:00 is 0). */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

export function zipEntries(entries: ZipEntry[]): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = enc.encode(entry.name);
    const level = entry.level ?? ZIP_DEFAULTS.level;
    const body = level > 0 ? deflateRawSync(entry.data, { level }) : entry.data;
    const method = level > 0 ? 8 : 0;
    const crc = crc32(entry.data) >>> 0;
    let pad = 0;
    if (entry.align) {
      const rest = (offset + 30 + name.length + 4) % entry.align;
      pad = rest === 0 ? 0 : entry.align - rest;
    }
    const extraLength = entry.align ? 4 + pad : 0;
    // Bit 11: the name is UTF-8 (only set when it is not plain ASCII, as other writers do).
    const flags = name.length !== entry.name.length ? 0x800 : 0;
    const local = new Uint8Array(30 + name.length + extraLength);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true);
    l.setUint16(6, flags, true);
    l.setUint16(8, method, true);
    l.setUint16(10, 0, true);
    l.setUint16(12, DOS_DATE, true);
    l.setUint32(14, crc, true);
    l.setUint32(18, body.length, true);
    l.setUint32(22, entry.data.length, true);
    l.setUint16(26, name.length, true);
    l.setUint16(28, extraLength, true);
    local.set(name, 30);
    if (entry.align) {
      l.setUint16(30 + name.length, PAD_ID, true);
      l.setUint16(32 + name.length, pad, true);
    }
    const dir = new Uint8Array(46 + name.length);
    const d = new DataView(dir.buffer);
    d.setUint32(0, 0x02014b50, true);
    d.setUint16(4, 20, true);
    d.setUint16(6, 20, true);
    d.setUint16(8, flags, true);
    d.setUint16(10, method, true);
    d.setUint16(12, 0, true);
    d.setUint16(14, DOS_DATE, true);
    d.setUint32(16, crc, true);
    d.setUint32(20, body.length, true);
    d.setUint32(24, entry.data.length, true);
    d.setUint16(28, name.length, true);
    d.setUint32(42, offset, true);
    dir.set(name, 46);
    parts.push(local, body);
    central.push(dir);
    offset += local.length + body.length;
  }
  const centralSize = central.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, entries.length, true);
  e.setUint16(10, entries.length, true);
  e.setUint32(12, centralSize, true);
  e.setUint32(16, offset, true);
  const out = new Uint8Array(offset + centralSize + end.length);
  let at = 0;
  for (const p of [...parts, ...central, end]) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
