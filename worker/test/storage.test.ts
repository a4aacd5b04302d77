// The storage package on both backends: s3rver (a real S3 API server) and a local folder; S3 signing
// checked against the AWS documentation's examples; the one reader of the storage settings.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createDiskStorage,
  createS3Storage,
  readStorageConfig,
  type S3Storage,
  type Storage,
} from '@lift3d/storage';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startS3 } from './support/s3.ts';

const same = (a: Uint8Array | null, b: Uint8Array) => a !== null && Buffer.from(a).equals(Buffer.from(b));

let s3: Awaited<ReturnType<typeof startS3>>;
let dir: string;
const backends: Record<string, () => Storage> = {};
let s3Storage: S3Storage;

beforeAll(async () => {
  s3 = await startS3();
  s3Storage = createS3Storage(s3.config);
  await s3Storage.ensureBucket();
  await s3Storage.ensureBucket(); // a second call is fine
  backends.s3 = () => s3Storage;
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

describe('presigned S3 downloads', () => {
  test('a presigned URL reads the object without credentials, with the name and type asked for', async () => {
    const key = `generations/${crypto.randomUUID()}/lift3d-abc.glb`;
    await s3Storage.put(key, new Uint8Array([9, 8, 7]), 'model/gltf-binary');
    const url = await s3Storage.presignGet(key, {
      expiresInSeconds: 60,
      contentDisposition: 'attachment; filename="lift3d-abc.glb"',
    });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="lift3d-abc.glb"');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([9, 8, 7]));
  });

  test('a presigned URL stops working when it expires', async () => {
    const key = `generations/${crypto.randomUUID()}/model.stl`;
    await s3Storage.put(key, new Uint8Array([1]), 'model/stl');
    // Signed two minutes ago for one minute: expired a minute ago.
    const url = await s3Storage.presignGet(key, {
      expiresInSeconds: 60,
      now: new Date(Date.now() - 120_000),
    });
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/<Code>AccessDenied<\/Code>.*Request has expired/s);
  });

  test('lifetimes S3 refuses are refused before signing', async () => {
    for (const seconds of [0, -5, 7 * 24 * 3600 + 1, Number.NaN]) {
      await expect(
        s3Storage.presignGet('generations/x/model.glb', { expiresInSeconds: seconds }),
      ).rejects.toThrow(/a presigned URL lasts 1 to 604800 seconds/);
    }
  });

  // s3rver does not check SigV4 signatures, so the signing is checked against AWS's published examples
  // (S3 SigV4 documentation): a presigned GET of examplebucket/test.txt valid 86400 s from 2013-05-24, and
  // a GET with a Range header.
  test('presigning reproduces the AWS documentation example', async () => {
    const aws = createS3Storage({
      kind: 's3',
      bucket: 'examplebucket',
      region: 'us-east-1',
      endpoint: 'https://s3.amazonaws.com',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      forcePathStyle: false,
    });
    const url = new URL(
      await aws.presignGet('test.txt', { expiresInSeconds: 86400, now: new Date('2013-05-24T00:00:00Z') }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://examplebucket.s3.amazonaws.com/test.txt');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
      'X-Amz-Date': '20130524T000000Z',
      'X-Amz-Expires': '86400',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    });
  });

  test('header signing reproduces the AWS documentation example (GET with a Range header)', async () => {
    const signer = new AwsV4Signer({
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: {
        Range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      },
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      service: 's3',
      region: 'us-east-1',
      datetime: '20130524T000000Z',
      // aws4fetch leaves Range unsigned unless asked; the example signs it.
      allHeaders: true,
    });
    const signed = await signer.sign();
    expect(signed.headers.get('authorization')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('the storage settings (one reader for the api function and the worker)', () => {
  test('STORAGE=s3 reads the S3 names with their defaults', () => {
    expect(readStorageConfig({ STORAGE: 's3', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toEqual({
      kind: 's3',
      bucket: 'lift3d',
      region: 'us-east-1',
      endpoint: null,
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    const env = new Map([
      ['STORAGE', 's3'],
      ['S3_BUCKET', 'b'],
      ['S3_REGION', 'eu-central-1'],
      ['S3_ENDPOINT', 'https://ref.supabase.co/storage/v1/s3'],
      ['S3_FORCE_PATH_STYLE', '0'],
    ]);
    // Deno.env's shape (get) as well as process.env's.
    expect(readStorageConfig({ get: (name) => env.get(name) })).toMatchObject({
      bucket: 'b',
      region: 'eu-central-1',
      endpoint: 'https://ref.supabase.co/storage/v1/s3',
      forcePathStyle: false,
    });
  });

  test("disk: STORAGE_DIR, else DATA_DIR/storage, else the caller's data folder, else none", () => {
    expect(readStorageConfig({ STORAGE_DIR: 'files', DATA_DIR: '/d' })).toEqual({
      kind: 'disk',
      dir: resolve('files'),
    });
    expect(readStorageConfig({ DATA_DIR: '/d' }, { dataDir: '/other' })).toEqual({
      kind: 'disk',
      dir: '/d/storage',
    });
    expect(readStorageConfig({}, { dataDir: '/data' })).toEqual({ kind: 'disk', dir: '/data/storage' });
    expect(readStorageConfig({ STORAGE: 'disk' })).toBeNull();
    expect(() => readStorageConfig({ STORAGE: 'gcs' })).toThrow(
      "storage: STORAGE must be disk or s3, not 'gcs'",
    );
  });

  test('S3 without keys is refused when the storage is made', () => {
    const config = readStorageConfig({ STORAGE: 's3' });
    expect(() => createS3Storage(config as Parameters<typeof createS3Storage>[0])).toThrow(
      'storage: S3 needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  });
});
