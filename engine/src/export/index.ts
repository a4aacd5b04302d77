/**
 * Format dispatch. Every format yields one file by default: GLB, self-contained glTF (data URIs),
 * a zip of OBJ + MTL + PNG, binary FBX with the texture embedded, binary STL in millimetres.
 * `bundle: 'files'` returns OBJ's three files unzipped (the CLI's `-o name.obj`).
 */
import { EngineError } from '../errors.ts';
import type { TexturedModel } from '../types.ts';
import { exportFbx } from './fbx.ts';
import { exportGlb } from './glb.ts';
import { exportGltf } from './gltf.ts';
import { exportObjFiles, exportObjZip } from './obj.ts';
import { exportStl, STL_DEFAULTS } from './stl.ts';
import { EXPORT_FORMATS, type ExportFormat, type ExportResult } from './types.ts';

export interface ExportOptions {
  baseName: string;
  bundle: 'zip' | 'files';
  /** STL only: millimetres cut off the bottom of the levelled model for a flat base (0 = off). */
  flatBaseMm: number;
}

export const EXPORT_DEFAULTS: ExportOptions = {
  baseName: 'model',
  bundle: 'zip',
  flatBaseMm: STL_DEFAULTS.flatBaseMm,
};

export async function exportModel(
  model: TexturedModel,
  format: ExportFormat,
  options: Partial<ExportOptions> = {},
): Promise<ExportResult> {
  const opts = { ...EXPORT_DEFAULTS, ...options };
  switch (format) {
    case 'glb':
      return { files: [await exportGlb(model, opts.baseName)] };
    case 'gltf':
      return { files: [await exportGltf(model, opts.baseName)] };
    case 'obj':
      return {
        files:
          opts.bundle === 'files'
            ? await exportObjFiles(model, opts.baseName)
            : [await exportObjZip(model, opts.baseName)],
      };
    case 'fbx':
      return { files: [await exportFbx(model, opts.baseName)] };
    case 'stl':
      return { files: [await exportStl(model, opts.baseName, { flatBaseMm: opts.flatBaseMm })] };
    default:
      throw new EngineError(
        'invalid_option',
        `export: format must be one of ${EXPORT_FORMATS.join(', ')}, not '${String(format)}'.`,
      );
  }
}
