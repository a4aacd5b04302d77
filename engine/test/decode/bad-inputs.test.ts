/** Every bad input ends in an EngineError with a stable code and a message that says what to do. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, EngineError, type EngineErrorCode } from '../../src/index.ts';
import { figure, png } from '../support/synthetic.ts';

const engine = createEngine();
const dir = mkdtempSync(join(tmpdir(), 'lift3d-bad-'));

async function expectFailure(input: Uint8Array | string, code: EngineErrorCode, text: RegExp, e = engine) {
  const err = await e.convert(input, { topology: 'low' }).then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(err).toBeInstanceOf(EngineError);
  const ee = err as EngineError;
  expect(ee.code).toBe(code);
  expect(ee.message).toMatch(text);
  expect(ee.message.split('\n')).toHaveLength(1);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  const body = new Uint8Array(4 + data.length);
  body.set(new TextEncoder().encode(type));
  body.set(data, 4);
  out.set(body, 4);
  view.setUint32(8 + data.length, crc32(body));
  return out;
}
/** A valid PNG header and IHDR claiming width × height, with a token IDAT: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

describe('bad inputs', () => {
  it('empty file', async () => {
    await expectFailure(new Uint8Array(), 'corrupt_image', /empty/);
  });

  it('truncated PNG', async () => {
    const full = await png(figure(256));
    await expectFailure(
      full.subarray(0, Math.floor(full.length / 2)),
      'corrupt_image',
      /damaged or truncated/,
    );
  });

  it('PNG header claiming 100000×100000 is refused before decoding', async () => {
    const started = performance.now();
    await expectFailure(pngClaiming(100_000, 100_000), 'input_too_large', /100000×100000.*megapixel limit/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('SVG with a script', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="50" height="50"/></svg>';
    await expectFailure(new TextEncoder().encode(svg), 'unsafe_svg', /script/);
  });

  it('SVG with an external <image href="file:///etc/passwd">', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><image href="file:///etc/passwd" width="100" height="100"/></svg>';
    await expectFailure(new TextEncoder().encode(svg), 'unsafe_svg', /external files/);
    const xlink = svg.replace('href=', 'xlink:href=');
    await expectFailure(new TextEncoder().encode(xlink), 'unsafe_svg', /external files/);
  });

  it('a text file named .png', async () => {
    const path = join(dir, 'notes.png');
    writeFileSync(path, 'these are my notes, not an image\n');
    await expectFailure(path, 'unsupported_format', /not a supported image.*PNG, JPEG/);
  });

  it('a fully transparent image', async () => {
    const image = figure(128);
    image.data.fill(0);
    await expectFailure(await png(image), 'no_subject', /No subject found/);
  });

  it('a blank white image (no alpha)', async () => {
    const image = figure(128);
    image.data.fill(255);
    await expectFailure(await png(image), 'no_subject', /No subject found/);
  });

  it('file and pixel limits are configurable', async () => {
    const bytes = await png(figure(256));
    await expectFailure(
      bytes,
      'input_too_large',
      /larger than the .* limit/,
      createEngine({ maxInputBytes: 1000 }),
    );
    await expectFailure(
      bytes,
      'input_too_large',
      /megapixel limit/,
      createEngine({ maxInputPixels: 10_000 }),
    );
  });

  it('a missing file', async () => {
    await expectFailure(join(dir, 'nope.png'), 'unsupported_format', /cannot read the file/);
  });
});

describe('good inputs in every format', () => {
  it('converts WebP, GIF and SVG, decodes TIFF', async () => {
    const sharp = (await import('sharp')).default;
    const base = await png(figure(256));
    const variants: Record<string, Uint8Array> = {
      webp: new Uint8Array(await sharp(base).webp({ lossless: true }).toBuffer()),
      gif: new Uint8Array(await sharp(base).gif().toBuffer()),
      svg: new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="300"><ellipse cx="100" cy="150" rx="60" ry="120" fill="#c44"/></svg>',
      ),
    };
    for (const [format, bytes] of Object.entries(variants)) {
      const r = await engine.convert(bytes, { topology: 'low' });
      expect(r.stats.format, format).toBe(format);
      expect(r.stats.isolation, format).toBe('alpha');
      expect(r.stats.triangles, format).toBeGreaterThan(1000);
    }
    // sharp's TIFF writer drops alpha, so decode only (a full run would go through segmentation).
    const { decodeImage } = await import('../../src/decode/decode.ts');
    const tiff = await decodeImage(new Uint8Array(await sharp(base).tiff().toBuffer()));
    expect([tiff.format, tiff.width, tiff.height]).toEqual(['tiff', 256, 256]);
  });

  it('applies EXIF orientation', async () => {
    const sharp = (await import('sharp')).default;
    // A 200×100 landscape image stored with orientation 6 (rotate 90° clockwise) displays as 100×200.
    const raw = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#808080' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { decodeImage } = await import('../../src/decode/decode.ts');
    const d = await decodeImage(new Uint8Array(raw));
    expect([d.width, d.height]).toEqual([100, 200]);
  });
});
