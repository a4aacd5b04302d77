/**
 * Sends one stored result file to the browser. S3 storage answers 302 to a short-lived presigned URL (the
 * bucket serves the bytes with this file's name and type; the function only decided who may); disk storage,
 * and a shared model's files from any storage, stream through the api, with byte ranges for <video> (Safari
 * insists on them): a presigned URL would keep working for its lifetime after the owner stopped sharing.
 * Shared by the owner's file routes and the share page's; the caller has already decided who may read it.
 */
import type { Storage } from '@lift3d/storage';
import { DOWNLOAD_URL_TTL_DEFAULT } from '../core/config.ts';
import type { ApiError } from '../core/errors.ts';
import type { OutputFile } from './rows.ts';

export async function sendStoredFile(
  storage: Storage,
  file: OutputFile,
  /** The whole Content-Disposition header (download-name.ts builds it). */
  contentDisposition: string,
  rangeHeader: string | undefined,
  missing: () => ApiError,
  /** null: stream through the api even from S3 (a shared model's files: "Stop sharing" cuts them at once). */
  presignTtlSeconds: number | null = DOWNLOAD_URL_TTL_DEFAULT,
): Promise<Response> {
  if (storage.presignGet && presignTtlSeconds !== null) {
    const location = await storage.presignGet(file.key, {
      expiresInSeconds: presignTtlSeconds,
      contentDisposition,
      contentType: file.contentType,
    });
    return new Response(null, { status: 302, headers: { location } });
  }
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'content-disposition': contentDisposition,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
  };
  // Results are a few MB, so a range is sliced in memory.
  const range = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader ?? '');
  if (range && (range[1] || range[2])) {
    const bytes = await storage.getBytes(file.key);
    if (!bytes) throw missing();
    const size = bytes.byteLength;
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(size - 1, Number(range[2])) : size - 1;
    if (start >= size || start > end) {
      return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
    }
    return new Response(bytes.subarray(start, end + 1) as Uint8Array<ArrayBuffer>, {
      status: 206,
      headers: {
        ...headers,
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-length': String(end - start + 1),
      },
    });
  }
  const object = await storage.get(file.key);
  if (!object) throw missing();
  return new Response(object.body, {
    status: 200,
    headers: { ...headers, 'content-length': String(object.size || file.bytes) },
  });
}
