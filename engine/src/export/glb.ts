/** Binary glTF (.glb), one self-contained file. */
import { NodeIO } from '@gltf-transform/core';
import type { TexturedModel } from '../types.ts';
import { toDocument } from './gltf-document.ts';
import type { ExportFile } from './types.ts';

export async function exportGlb(model: TexturedModel, baseName = 'model'): Promise<ExportFile> {
  const data = await new NodeIO().writeBinary(await toDocument(model));
  return { name: `${baseName}.glb`, data, contentType: 'model/gltf-binary' };
}
