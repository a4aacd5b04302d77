import { EXTRA_MODEL_FORMATS, type ExtraModelFormat } from '@lift3d/contract';
import type { Generation } from './generation';

/**
 * Formats every conversion also makes, whatever format was picked: USDZ for AR on iPhones and iPads, 3MF
 * for slicers. Models converted before they existed lack the files, so menus list only those present.
 */
export type ExtraFormat = ExtraModelFormat;

const EXTRA_FORMATS: readonly ExtraFormat[] = EXTRA_MODEL_FORMATS;

export const EXTRA_FORMAT_LABELS: Readonly<Record<ExtraFormat, string>> = {
  usdz: 'USDZ (AR)',
  '3mf': '3MF (print)',
};

export function extraFormatsOf(generation: Pick<Generation, 'files'> | null | undefined): ExtraFormat[] {
  const files = generation?.files ?? [];
  return EXTRA_FORMATS.filter((f) => files.includes(f));
}
