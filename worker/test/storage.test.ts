import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createDiskStorage,
  createS3Storage,
  type Storage,
} from '../../supabase/functions/_shared/storage/index.ts';
import { sha256Hex, signRequest } from '../../supabase/functions/_shared/storage/sigv4.ts';
import { startS3 } from './support/s3.ts';

const bytes = (data: string | ArrayBuffer | ArrayBufferView) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** The hash class the SDK signer expects (HMAC when constructed with a secret), on node:crypto. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

const same = (a: Uint8Array | null, b: Uint8Array) => a !== null && Buffer.from(a).equals(Buffer.from(b));

let s3: Awaited<ReturnType<typeof startS3>>;
let dir: string;
const backends: Record<string, () => Storage> = {};

beforeAll(async () => {
  s3 = await startS3();
  const storage = createS3Storage(s3.config);
  await storage.ensureBucket();
  await storage.ensureBucket(); // a second call is fine
  backends.s3 = () => storage;
  dir = await mkdtemp(join(tmpdir(), 'lift3d-storage-'));
  backends.disk = () => createDiskStorage(dir);
});
afterAll(async () => {
  await s3?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(['s3', 'disk'])('%s storage', (kind) => {
  const storage = () => backends[kind]();

  test('stores, reads back, streams and deletes an object byte for byte', async () => {
    const data = new Uint8Array(300_000).map((_, i) => (i * 7919) % 251);
    const key = `generations/${crypto.randomUUID()}/model.glb`;
    await storage().put(key, data, 'model/gltf-binary');
    expect(same(await storage().getBytes(key), data)).toBe(true);
    const object = await storage().get(key);
    expect(object?.contentType).toBe('model/gltf-binary');
    expect(object?.size).toBe(data.byteLength);
    expect(same(new Uint8Array(await new Response(object!.body).arrayBuffer()), data)).toBe(true);
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    await storage().delete(key); // deleting twice is not an error
  });

  test('a missing object is null, and an overwrite replaces it', async () => {
    expect(await storage().getBytes(`uploads/${crypto.randomUUID()}`)).toBeNull();
    const key = `uploads/${crypto.randomUUID()}`;
    await storage().put(key, new Uint8Array([1, 2, 3]), 'image/png');
    await storage().put(key, new Uint8Array([4, 5]), 'image/webp');
    expect(await storage().getBytes(key)).toEqual(new Uint8Array([4, 5]));
    expect((await storage().get(key))?.contentType).toBe('image/webp');
  });

  test('keys that could escape their folder are refused', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a b', '']) {
      await expect(storage().put(key, new Uint8Array([1]), 'x/y')).rejects.toThrow(/invalid object key/);
    }
  });
});

// s3rver does not check SigV4 signatures, so the signing is checked against AWS's published example
// (GET /test.txt with a Range header, from the S3 SigV4 documentation) and against the AWS SDK's signer.
test('SigV4 signing reproduces the signature of the AWS documentation example', async () => {
  const headers = await signRequest({
    method: 'GET',
    url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
    region: 'us-east-1',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    payloadHash: await sha256Hex(''),
    headers: { Range: 'bytes=0-9' },
    now: new Date('2013-05-24T00:00:00Z'),
  });
  expect(headers.authorization).toBe(
    'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
      'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
      'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
  );
});

test('SigV4 signing of a path-style PUT with a body matches the AWS SDK signer', async () => {
  const body = new TextEncoder().encode('{"hello": "world"}');
  const url = new URL('http://127.0.0.1:9000/storage/v1/s3/my-bucket/generations/a%20b/model.glb');
  const now = new Date('2026-11-22T01:02:03Z');
  const ours = await signRequest({
    method: 'PUT',
    url,
    region: 'eu-central-1',
    accessKeyId: 'AKID',
    secretAccessKey: 'SECRET',
    payloadHash: await sha256Hex(body),
    headers: { 'content-type': 'model/gltf-binary' },
    now,
  });
  const sdk = new SignatureV4({
    service: 's3',
    region: 'eu-central-1',
    credentials: { accessKeyId: 'AKID', secretAccessKey: 'SECRET' },
    sha256: Sha256,
    uriEscapePath: false,
  });
  const signed = await sdk.sign(
    {
      method: 'PUT',
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: 9000,
      path: url.pathname,
      headers: {
        host: url.host,
        'content-type': 'model/gltf-binary',
        'x-amz-content-sha256': await sha256Hex(body),
      },
      body,
    },
    { signingDate: now },
  );
  expect(ours.authorization).toBe(signed.headers.authorization);
});
