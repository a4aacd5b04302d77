import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { ProductionRefusal, startStack } from '../src/stack.ts';

test('the local stack refuses to run in production, before touching anything', async () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'stack-prod-')), 'never-created');
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' });
  await expect(startStack(config)).rejects.toBeInstanceOf(ProductionRefusal);
  await expect(startStack(config)).rejects.toThrow(/refuses to run with NODE_ENV=production/);
  const { existsSync } = await import('node:fs');
  expect(existsSync(dataDir)).toBe(false);
});

test('configuration has working defaults and reads its overrides', () => {
  const defaults = loadConfig({});
  expect(defaults.port).toBe(3000);
  expect(defaults.databaseUrl).toBeNull();
  expect(defaults.google).toBeNull();
  expect(defaults.paypal).toBeNull();
  const custom = loadConfig({
    PORT: '4000',
    DATABASE_URL: 'postgres://x@127.0.0.1/db',
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 'secret',
    PAYPAL_CLIENT_ID: 'pid',
    PAYPAL_CLIENT_SECRET: 'psecret',
    PAYPAL_ENV: 'live',
  });
  expect(custom.port).toBe(4000);
  expect(custom.siteUrl).toBe('http://localhost:4000');
  expect(custom.google?.issuer).toBe('https://accounts.google.com');
  expect(custom.paypal?.env).toBe('live');
});
