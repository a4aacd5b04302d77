/** Self-contained glTF (.gltf JSON with the buffer and the PNG as data: URIs): one file, no zip needed. */
import { NodeIO } from '@gltf-transform/core';
import type { TexturedModel } from '../types.ts';
import { toDocument } from './gltf-document.ts';
import type { ExportFile } from './types.ts';

export async function exportGltf(model: TexturedModel, baseName = 'model'): Promise<ExportFile> {
  const { json, resources } = await new NodeIO().writeJSON(await toDocument(model), { basename: baseName });
  const dataUri = (uri: string, mime: string) => {
    const bytes = resources[uri];
    if (!bytes) throw new Error(`export: glTF resource '${uri}' missing`);
    return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
  };
  for (const buffer of json.buffers ?? [])
    if (buffer.uri) buffer.uri = dataUri(buffer.uri, 'application/octet-stream');
  for (const image of json.images ?? []) {
    if (image.uri) image.uri = dataUri(image.uri, image.mimeType ?? 'image/png');
  }
  return {
    name: `${baseName}.gltf`,
    data: new TextEncoder().encode(JSON.stringify(json)),
    contentType: 'model/gltf+json',
  };
}
