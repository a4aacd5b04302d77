import { FORMAT_LABELS, type ModelFormat } from './variants';

/** "GLB, glTF, OBJ, FBX and print-ready STL": only the formats this studio really offers. */
export function formatList(formats: readonly ModelFormat[]): string {
  const names = formats.map((f) => (f === 'stl' ? 'print-ready STL' : FORMAT_LABELS[f]));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
