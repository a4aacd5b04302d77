/**
 * Self-contained glTF (.gltf JSON with the buffer and the PNG as data: URIs): one file, no zip needed.
 *
 * Notes: the data URIs are most of the file (the texture's PNG and the mesh, in base64). They are put in
 * as bytes after the rest of the JSON is written (a placeholder string stands for each), not written
 * into one large JSON string and encoded as UTF-8 again: base64 and the URI's prefix are plain ASCII that
 * JSON leaves as it is, so the bytes are the same, for about half the CPU of this export.
 */
import { NodeIO } from '@gltf-transform/core';
import type { TexturedModel } from '../types.ts';
import { toDocument } from './gltf-document.ts';
import type { ExportFile } from './types.ts';

/** The n-th URI's stand-in: no glTF written here contains it otherwise (checked: a clash takes the plain way). */
const placeholder = (n: number) => `\u0000lift3d-data-uri-${n}\u0000`;

export async function exportGltf(model: TexturedModel, baseName = 'model'): Promise<ExportFile> {
  const { json, resources } = await new NodeIO().writeJSON(await toDocument(model), { basename: baseName });
  const uris: DataUri[] = [];
  const dataUri = (uri: string, mime: string) => {
    const bytes = resources[uri];
    if (!bytes) throw new Error(`export: glTF resource '${uri}' missing`);
    uris.push({ prefix: `data:${mime};base64,`, base64: Buffer.from(bytes).toString('base64') });
    return placeholder(uris.length - 1);
  };
  for (const buffer of json.buffers ?? [])
    if (buffer.uri) buffer.uri = dataUri(buffer.uri, 'application/octet-stream');
  for (const image of json.images ?? []) {
    if (image.uri) image.uri = dataUri(image.uri, image.mimeType ?? 'image/png');
  }
  return {
    name: `${baseName}.gltf`,
    data: assemble(JSON.stringify(json), uris),
    contentType: 'model/gltf+json',
  };
}

interface DataUri {
  prefix: string;
  base64: string;
}

/** The JSON's UTF-8 bytes with each quoted placeholder replaced by its URI. */
function assemble(text: string, uris: DataUri[]): Uint8Array {
  const enc = new TextEncoder();
  const quoted = uris.map((_, n) => JSON.stringify(placeholder(n)));
  const at = quoted.map((q) => text.indexOf(q));
  // Printable ASCII other than '"' and '\\' is written by JSON as it is and is its own UTF-8 (base64 always
  // is); anything else, or a placeholder not found once, takes the plain way.
  const plain =
    at.some((p, n) => p < 0 || text.indexOf(quoted[n], p + 1) >= 0) ||
    uris.some((u) => !/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(u.prefix));
  if (plain) {
    let whole = text;
    for (const [n, q] of quoted.entries())
      whole = whole.replace(q, () => JSON.stringify(uris[n].prefix + uris[n].base64));
    return enc.encode(whole);
  }
  const order = uris.map((_, n) => n).sort((a, b) => at[a] - at[b]);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const n of order) {
    parts.push(enc.encode(text.slice(from, at[n])));
    parts.push(enc.encode(`"${uris[n].prefix}`), Buffer.from(uris[n].base64, 'latin1'), enc.encode('"'));
    from = at[n] + quoted[n].length;
  }
  parts.push(enc.encode(text.slice(from)));
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
