import type { DownloadFormat } from './api';
import { EXTRA_FORMAT_LABELS } from './extra-formats';
import { FORMAT_LABELS } from './variants';

/** A download's name in menus and lists; OBJ says that it arrives as a .zip (the model, its MTL and PNG). */
export function downloadLabel(f: DownloadFormat): string {
  if (f === 'mp4') return 'MP4 video';
  if (f === 'obj') return 'OBJ (.zip)';
  return f === 'usdz' || f === '3mf' ? EXTRA_FORMAT_LABELS[f] : FORMAT_LABELS[f];
}
