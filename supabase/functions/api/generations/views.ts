/**
 * The extra views of a multi-view conversion: optional files `view_right`, `view_back`, `view_left` next
 * to the one `image`, checked like it (size, recognised by their bytes) before any credit moves, stored
 * under random keys, and recorded with the generation by public.add_generation_view in the same
 * transaction that created it.
 */
import { VIEW_NAMES, type ViewName } from '@lift3d/contract';
import { ApiError, badRequest } from '../core/errors.ts';
import { checkImage } from './check-image.ts';
import { sniffImage } from './sniff-image.ts';
import { UPLOAD_EXTENSIONS, type Upload, type UploadForm, type UploadLimits } from './uploads.ts';

const LABEL: Record<ViewName, string> = { right: 'right-side', back: 'back', left: 'left-side' };

export interface ViewUpload extends Upload {
  view: ViewName;
}

export async function readViews(
  upload: UploadForm,
  limits: UploadLimits,
  images: number,
): Promise<ViewUpload[]> {
  const views: ViewUpload[] = [];
  for (const view of VIEW_NAMES) {
    const files = upload.form.getAll(`view_${view}`);
    if (files.length === 0) continue;
    const label = `The ${LABEL[view]} photo`;
    if (files.length > 1) throw badRequest(`${label} was sent more than once. Send one photo per view.`);
    const file = files[0];
    if (typeof file === 'string') throw badRequest(`view_${view} must be a file.`);
    if (file.size > limits.maxImageBytes) {
      throw new ApiError(
        413,
        `${label} is larger than ${Math.round(limits.maxImageBytes / 1024 / 1024)} MB.`,
        'too_large',
      );
    }
    if (file.size === 0) throw badRequest(`${label} is empty. Please choose another image.`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImage(bytes);
    if (!type) {
      throw badRequest(
        `${label} is not an image we can convert. Please use a PNG, JPG, WebP, GIF, TIFF or SVG file.`,
      );
    }
    // The same deep checks as the main photo: pixel bombs by their header, costly or unsafe SVG.
    checkImage(label, bytes, type, limits.maxInputPixels);
    views.push({
      view,
      name: file.name || view,
      bytes,
      type,
      key: `uploads/${crypto.randomUUID()}.${UPLOAD_EXTENSIONS[type]}`,
    });
  }
  if (views.length && images > 1) {
    throw badRequest('Extra views belong to one object: send them with a single image, not a batch.');
  }
  return views;
}
