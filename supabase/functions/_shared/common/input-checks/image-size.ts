/**
 * Width and height from an image's header, without decoding a pixel: lets the api refuse a pixel bomb
 * (a 30,000×30,000 PNG is a few hundred kilobytes) before it charges anything.
 *
 * notes: only the container headers are read (PNG IHDR, GIF screen, JPEG SOFn, WebP VP8/VP8L/VP8X, the
 * first TIFF directory). A header that cannot be read gives null; the engine still decodes with its own
 * hard limits, so a wrong answer here can only refuse early, never let a bomb through to the charge.
 */

export interface ImageSize {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, o: number) => (b[o] << 8) | b[o + 1];
const u16le = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u24le = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8) | (b[o + 2] << 16);
const u32be = (b: Uint8Array, o: number) =>
  ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);
const u32le = (b: Uint8Array, o: number) =>
  ((b[o + 3] << 24) >>> 0) + ((b[o + 2] << 16) | (b[o + 1] << 8) | b[o]);

function png(b: Uint8Array): ImageSize | null {
  // Signature, then the IHDR chunk: length, "IHDR", width, height.
  if (b.length < 24 || String.fromCharCode(...b.subarray(12, 16)) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function gif(b: Uint8Array): ImageSize | null {
  return b.length < 10 ? null : { width: u16le(b, 6), height: u16le(b, 8) };
}

function jpeg(b: Uint8Array): ImageSize | null {
  let o = 2;
  while (o + 9 < b.length) {
    if (b[o] !== 0xff) return null;
    const marker = b[o + 1];
    if (marker === 0xff) {
      o++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      o += 2;
      continue;
    }
    const length = u16be(b, o + 2);
    // SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, o + 5), width: u16be(b, o + 7) };
    }
    if (marker === 0xda || length < 2) return null;
    o += 2 + length;
  }
  return null;
}

function webp(b: Uint8Array): ImageSize | null {
  if (b.length < 30) return null;
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

function tiff(b: Uint8Array): ImageSize | null {
  const le = b[0] === 0x49;
  const u16 = (o: number) => (le ? u16le(b, o) : u16be(b, o));
  const u32 = (o: number) => (le ? u32le(b, o) : u32be(b, o));
  const ifd = u32(4);
  if (ifd + 2 > b.length) return null;
  const count = u16(ifd);
  let width = 0;
  let height = 0;
  for (let i = 0; i < count; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > b.length) return null;
    const tag = u16(e);
    const type = u16(e + 2);
    const value = type === 3 ? u16(e + 8) : type === 4 ? u32(e + 8) : 0;
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width && height ? { width, height } : null;
}

/** The image's size from its header, or null when the header is missing or damaged. */
export function readImageSize(bytes: Uint8Array, type: string): ImageSize | null {
  switch (type) {
    case 'image/png':
      return png(bytes);
    case 'image/gif':
      return gif(bytes);
    case 'image/jpeg':
      return jpeg(bytes);
    case 'image/webp':
      return webp(bytes);
    case 'image/tiff':
      return tiff(bytes);
    default:
      return null;
  }
}
