import { expect, test } from 'vitest';
import { parseExif } from './exif';

/**
 * A JPEG start with an APP1 EXIF block, built from the TIFF 6.0 / EXIF 2.3 layout: header, IFD0 with
 * Orientation and the Exif IFD pointer, then the Exif IFD with FocalLengthIn35mmFilm.
 */
function jpegWithExif(opts: { little: boolean; orientation?: number; focal35?: number }): ArrayBuffer {
  const tiff = new DataView(new ArrayBuffer(64));
  const le = opts.little;
  tiff.setUint16(0, le ? 0x4949 : 0x4d4d);
  tiff.setUint16(2, 42, le);
  tiff.setUint32(4, 8, le);
  const ifd0 = [
    ...(opts.orientation ? [[0x0112, 3, opts.orientation]] : []),
    ...(opts.focal35 !== undefined ? [[0x8769, 4, 8 + 2 + 2 * 12 + 4]] : []),
  ];
  tiff.setUint16(8, ifd0.length, le);
  ifd0.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    tiff.setUint16(at, tag, le);
    tiff.setUint16(at + 2, type, le);
    tiff.setUint32(at + 4, 1, le);
    if (type === 3) tiff.setUint16(at + 8, value, le);
    else tiff.setUint32(at + 8, value, le);
  });
  if (opts.focal35 !== undefined) {
    const at = 8 + 2 + 2 * 12 + 4;
    tiff.setUint16(at, 1, le);
    tiff.setUint16(at + 2, 0xa405, le);
    tiff.setUint16(at + 4, 3, le);
    tiff.setUint32(at + 6, 1, le);
    tiff.setUint16(at + 10, opts.focal35, le);
  }
  const app1 = new Uint8Array(2 + 2 + 6 + 64);
  const v = new DataView(app1.buffer);
  v.setUint16(0, 0xffe1);
  v.setUint16(2, 2 + 6 + 64);
  app1.set([0x45, 0x78, 0x69, 0x66, 0, 0], 4);
  app1.set(new Uint8Array(tiff.buffer), 10);
  const out = new Uint8Array(2 + app1.length + 2);
  out.set([0xff, 0xd8]);
  out.set(app1, 2);
  out.set([0xff, 0xda], 2 + app1.length);
  return out.buffer;
}

test('reads the 35 mm focal length and the orientation, in both byte orders', () => {
  expect(parseExif(jpegWithExif({ little: true, orientation: 6, focal35: 26 }))).toEqual({
    orientation: 6,
    focalLength35mm: 26,
  });
  expect(parseExif(jpegWithExif({ little: false, orientation: 1, focal35: 77 }))).toEqual({
    orientation: 1,
    focalLength35mm: 77,
  });
});

test('an unknown focal length (0) and files without EXIF give nothing', () => {
  expect(parseExif(jpegWithExif({ little: true, focal35: 0 }))).toEqual({});
  expect(parseExif(new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer)).toEqual({});
  expect(parseExif(new Uint8Array([0xff, 0xd8, 0xff, 0xda]).buffer)).toEqual({});
});

test('a truncated block is not read past its end', () => {
  const whole = new Uint8Array(jpegWithExif({ little: true, orientation: 3, focal35: 26 }));
  expect(() => parseExif(whole.slice(0, 30).buffer)).not.toThrow();
});
