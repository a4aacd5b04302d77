/**
 * The deep checks of an upload that still cost nothing: its pixel count from the header and, for SVG, what
 * rasterising it would take. A refusal here is a 400 before the charge, with the words the engine would use.
 */
import { readImageSize } from '@lift3d/common/input-checks/image-size.ts';
import { checkSvg } from '@lift3d/common/input-checks/svg.ts';
import { badRequest } from '../core/errors.ts';

const DEFAULT_MAX_PIXELS = 40_000_000;
/** Formats whose size sits at a fixed place in every valid file: no size there means a damaged file. */
const FIXED_HEADER = new Set(['image/png', 'image/gif', 'image/webp']);

export function checkImage(name: string, bytes: Uint8Array, type: string, maxPixels = DEFAULT_MAX_PIXELS) {
  if (type === 'image/svg+xml') {
    const problem = checkSvg(new TextDecoder('utf-8').decode(bytes), { maxPixels });
    if (problem) throw badRequest(`"${name}": ${problem.message}`);
    return;
  }
  const size = readImageSize(bytes, type);
  if (!size) {
    // JPEG and TIFF headers vary more than this reader follows; the engine decides about those.
    if (FIXED_HEADER.has(type)) {
      throw badRequest(`"${name}" is damaged and cannot be read. Please re-export it and try again.`);
    }
    return;
  }
  if (size.width === 0 || size.height === 0) {
    throw badRequest(`"${name}" has no pixels. Please re-export it and try again.`);
  }
  if (size.width * size.height > maxPixels) {
    throw badRequest(
      `"${name}" is ${size.width}×${size.height} pixels, more than the ${Math.round(maxPixels / 1e6)} megapixel limit. Please resize it and try again.`,
    );
  }
}
