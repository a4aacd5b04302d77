export type ExportFormat = 'glb' | 'gltf' | 'obj' | 'fbx' | 'stl' | 'usdz' | '3mf';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['glb', 'gltf', 'obj', 'fbx', 'stl', 'usdz', '3mf'];

export interface ExportFile {
  name: string;
  data: Uint8Array;
  contentType: string;
}

export interface ExportResult {
  /** One file per format: formats made of several files (OBJ + MTL + PNG) arrive zipped. */
  files: ExportFile[];
}
