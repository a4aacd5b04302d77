/**
 * S3 API storage (AWS, Supabase Storage's S3 endpoint, MinIO, s3rver in tests) over fetch with our own
 * SigV4 signing: no SDK, so the api function (Deno) and the worker (Node) share this file unchanged.
 */
import { encodePath, sha256Hex, signRequest } from './sigv4.ts';
import { checkKey, type Storage, type StorageConfig } from './types.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

export function createS3Storage(
  config: S3Config,
  fetchImpl: typeof fetch = fetch,
): Storage & {
  ensureBucket(): Promise<void>;
} {
  if (!config.accessKeyId || !config.secretAccessKey) {
    throw new Error('storage: S3 needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  const accessKeyId = config.accessKeyId;
  const secretAccessKey = config.secretAccessKey;
  const base = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const basePath = base.pathname.replace(/\/+$/, '');

  const urlFor = (key: string | null) => {
    const objectPath = key === null ? '' : `/${encodePath(checkKey(key))}`;
    if (config.forcePathStyle) {
      return new URL(`${base.origin}${basePath}/${encodePath(config.bucket)}${objectPath}`);
    }
    return new URL(`${base.protocol}//${config.bucket}.${base.host}${basePath}${objectPath || '/'}`);
  };

  async function send(method: string, key: string | null, body?: Uint8Array, contentType?: string) {
    const url = urlFor(key);
    const payloadHash = await sha256Hex(body ?? new Uint8Array(0));
    const headers = await signRequest({
      method,
      url,
      region: config.region,
      accessKeyId,
      secretAccessKey,
      payloadHash,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    return fetchImpl(url, { method, headers, body: body as Uint8Array<ArrayBuffer> | undefined });
  }

  async function failure(response: Response, what: string): Promise<Error> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    return new Error(`storage: S3 ${what} failed with HTTP ${response.status} ${code}`.trim());
  }

  async function get(key: string) {
    const response = await send('GET', key);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) throw await failure(response, `get ${key}`);
    return {
      body: response.body,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      size: Number(response.headers.get('content-length') ?? 0),
    };
  }

  return {
    kind: 's3',
    async ensureBucket() {
      const response = await send('PUT', null);
      if (response.ok) return;
      const error = await failure(response, `create bucket ${config.bucket}`);
      if (!/BucketAlreadyOwnedByYou|BucketAlreadyExists/.test(error.message)) throw error;
    },
    async put(key, data, contentType) {
      const response = await send('PUT', key, data, contentType);
      if (!response.ok) throw await failure(response, `put ${key}`);
      await response.body?.cancel();
    },
    get,
    async getBytes(key) {
      const object = await get(key);
      if (!object) return null;
      return new Uint8Array(await new Response(object.body).arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failure(response, `delete ${key}`);
      await response.body?.cancel();
    },
  };
}
