/**
 * The two EXIF fields the studio keeps from a photo: the focal length in 35 mm equivalent (tag 0xA405,
 * FocalLengthIn35mmFilm, in the Exif IFD) for the multi-view engine, and the orientation (0x0112, IFD0).
 * The photo's bytes travel unchanged, so the engine's decoder applies the orientation itself; the studio
 * only reads it to say which way up a shot is. JPEG only (APP1 "Exif"); other files have no such block.
 */

export interface PhotoExif {
  focalLength35mm?: number;
  /** 1–8 as in TIFF: 1 upright, 6 rotate 90° clockwise to view, 3 upside down, 8 rotate 90° anticlockwise. */
  orientation?: number;
}

const TAG = { orientation: 0x0112, exifIfd: 0x8769, focal35: 0xa405 } as const;

/** Reads the EXIF block of a JPEG; an empty object for anything else or a malformed block. */
export function parseExif(buffer: ArrayBuffer): PhotoExif {
  const view = new DataView(buffer);
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return {};
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    const marker = view.getUint16(offset);
    if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) return {}; // start of scan: no EXIF before it
    const length = view.getUint16(offset + 2);
    if (marker === 0xffe1 && length >= 8 && view.getUint32(offset + 4) === 0x45786966) {
      return readTiff(view, offset + 10, Math.min(view.byteLength, offset + 2 + length));
    }
    offset += 2 + length;
  }
  return {};
}

function readTiff(view: DataView, start: number, end: number): PhotoExif {
  if (start + 8 > end) return {};
  const order = view.getUint16(start);
  if (order !== 0x4949 && order !== 0x4d4d) return {};
  const little = order === 0x4949;
  const u16 = (at: number) => (at + 2 <= end ? view.getUint16(at, little) : -1);
  const u32 = (at: number) => (at + 4 <= end ? view.getUint32(at, little) : -1);
  if (u16(start + 2) !== 42) return {};
  /** The SHORT or LONG value of `tag` in the IFD at `ifd` (relative to the TIFF header), or undefined. */
  const find = (ifd: number, tag: number): number | undefined => {
    const at = start + ifd;
    const count = u16(at);
    if (count < 0 || count > 512) return undefined;
    for (let i = 0; i < count; i++) {
      const entry = at + 2 + i * 12;
      if (u16(entry) !== tag) continue;
      const type = u16(entry + 2);
      if (type === 3) return u16(entry + 8);
      if (type === 4) return u32(entry + 8);
      return undefined;
    }
    return undefined;
  };
  const ifd0 = u32(start + 4);
  if (ifd0 < 8) return {};
  const out: PhotoExif = {};
  const orientation = find(ifd0, TAG.orientation);
  if (orientation !== undefined && orientation >= 1 && orientation <= 8) out.orientation = orientation;
  const exif = find(ifd0, TAG.exifIfd);
  if (exif !== undefined && exif >= 8) {
    const focal = find(exif, TAG.focal35);
    // 0 means unknown in the standard; the api takes 8 to 600 mm.
    if (focal !== undefined && focal >= 8 && focal <= 600) out.focalLength35mm = focal;
  }
  return out;
}

/** The focal lengths of the photos that carry one, by side. */
export async function readFocalLengths<S extends string>(
  photos: Array<[S, Blob]>,
): Promise<Partial<Record<S, number>>> {
  const out: Partial<Record<S, number>> = {};
  for (const [side, blob] of photos) {
    if (blob.type !== 'image/jpeg') continue;
    // The EXIF block sits at the start of the file: 128 KB is more than any camera writes before the image.
    const { focalLength35mm } = parseExif(await blob.slice(0, 128 * 1024).arrayBuffer());
    if (focalLength35mm) out[side] = focalLength35mm;
  }
  return out;
}
