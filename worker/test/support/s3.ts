// A real S3-compatible server (s3rver) on 127.0.0.1 with the default S3RVER credentials, for tests.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';

export async function startS3(bucket = 'lift3d-test') {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const address = (await server.run()) as AddressInfo;
  const config = {
    kind: 's3' as const,
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    config,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
