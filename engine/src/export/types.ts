import type { ExportFormat } from '@lift3d/contract';
import { EXPORT_FORMATS } from '@lift3d/contract/lists';

/** The formats the engine writes: the product's one list (@lift3d/contract). */
export { EXPORT_FORMATS, type ExportFormat };

export interface ExportFile {
  name: string;
  data: Uint8Array;
  contentType: string;
}

export interface ExportResult {
  /** One file per format: formats made of several files (OBJ + MTL + PNG) arrive zipped. */
  files: ExportFile[];
}
