// A local stack of its own with S3 storage (STORAGE=s3) on an s3rver bucket, as a deployment on Supabase
// Storage's S3 endpoint or AWS runs: the studio PUTs photos to the bucket through presigned URLs and follows
// downloads' redirects to it. The bucket's CORS rules allow the site's origin to PUT and anyone to GET
// (a redirected fetch arrives with the origin `null`), as the README asks of a real bucket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@lift3d/local/config';
import { freePort } from '@lift3d/local/ports';
import { startStack } from '@lift3d/local/stack';
import postgres from 'postgres';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { stackDatabase } from './stack-database.ts';

export const S3_BUCKET = 'lift3d-e2e';

export interface S3Stack {
  url: string;
  s3Origin: string;
  sql: postgres.Sql;
  stop(): Promise<void>;
}

const cors = (siteOrigin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${siteOrigin}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
  </CORSRule>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <ExposeHeader>Content-Disposition</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

export async function startS3Stack(): Promise<S3Stack> {
  const port = Number(process.env.E2E_S3_STACK_PORT ?? (await freePort()));
  const site = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'lift3d-e2e-s3-'));
  const s3Dir = mkdtempSync(join(tmpdir(), 'lift3d-e2e-s3rver-'));
  const database = await stackDatabase();
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: Number(process.env.E2E_S3_PORT ?? 0),
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: S3_BUCKET, configs: [cors(site)] }],
  });
  const { port: s3Port } = (await s3.run()) as { port: number };
  const s3Origin = `http://127.0.0.1:${s3Port}`;
  const cleanUp = async () => {
    await s3.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(s3Dir, { recursive: true, force: true });
  };
  try {
    const stack = await startStack(
      loadConfig({
        AUTH_SIGN_IN_LIMIT: '1000',
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: site,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        NODE_ENV: 'test',
        STORAGE: 's3',
        S3_BUCKET,
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: s3Origin,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    );
    const sql = postgres(stack.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
    return {
      url: stack.url,
      s3Origin,
      sql,
      async stop() {
        await sql.end();
        await stack.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
