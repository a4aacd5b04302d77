/**
 * S3 API storage (AWS, Supabase Storage's S3 endpoint, MinIO, s3rver in tests) over fetch, signed with
 * aws4fetch, which runs unchanged in Deno (the api function) and Node (the worker).
 */
import { AwsClient } from 'aws4fetch';
import { checkKey, type PresignOptions, type S3Config, type Storage } from './types.ts';

/** S3 refuses presigned URLs valid for more than a week. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** aws4fetch's clock format: 20130524T000000Z. */
const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, '');

export type S3Storage = Storage & {
  readonly kind: 's3';
  ensureBucket(): Promise<void>;
  presignGet(key: string, options: PresignOptions): Promise<string>;
  presignPut(key: string, options: PresignOptions): Promise<string>;
};

export function createS3Storage(config: S3Config, fetchImpl: typeof fetch = fetch): S3Storage {
  if (!config.accessKeyId || !config.secretAccessKey) {
    throw new Error('storage: S3 needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
  });
  const base = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const basePath = base.pathname.replace(/\/+$/, '');

  // Keys and bucket names are plain ASCII without characters that need escaping (checkKey).
  const urlFor = (key: string | null) => {
    const objectPath = key === null ? '' : `/${checkKey(key)}`;
    if (config.forcePathStyle) return new URL(`${base.origin}${basePath}/${config.bucket}${objectPath}`);
    return new URL(`${base.protocol}//${config.bucket}.${base.host}${basePath}${objectPath || '/'}`);
  };

  async function send(method: string, key: string | null, body?: Uint8Array, contentType?: string) {
    // The payload is signed by its hash (not UNSIGNED-PAYLOAD): objects are small and already in memory.
    const headers: Record<string, string> = {
      'x-amz-content-sha256': await sha256Hex(body ?? new Uint8Array(0)),
    };
    if (contentType) headers['content-type'] = contentType;
    const request = await client.sign(urlFor(key).toString(), {
      method,
      headers,
      body: body as Uint8Array<ArrayBuffer> | undefined,
    });
    return fetchImpl(request);
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
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
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
    presignGet(key, options) {
      const extra: Record<string, string> = {};
      if (options.contentDisposition) extra['response-content-disposition'] = options.contentDisposition;
      if (options.contentType) extra['response-content-type'] = options.contentType;
      return presign('GET', key, options, extra);
    },
    // The browser PUTs the file itself. SigV4 query signing cannot bind Content-Length or Content-Type
    // (aws4fetch leaves both unsigned), so whoever accepts the object checks its size and bytes afterwards.
    presignPut: (key, options) => presign('PUT', key, options, {}),
  };

  async function presign(
    method: 'GET' | 'PUT',
    key: string,
    options: PresignOptions,
    extra: Record<string, string>,
  ): Promise<string> {
    const seconds = Math.round(options.expiresInSeconds);
    if (!(seconds >= 1 && seconds <= MAX_PRESIGN_SECONDS)) {
      throw new Error(`storage: a presigned URL lasts 1 to ${MAX_PRESIGN_SECONDS} seconds, not ${seconds}`);
    }
    const url = urlFor(key);
    url.searchParams.set('X-Amz-Expires', String(seconds));
    for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
    const signed = await client.sign(url.toString(), {
      method,
      aws: { signQuery: true, datetime: amzDate(options.now ?? new Date()) },
    });
    return signed.url;
  }
}
