// The local stack's secrets: random per data folder on first start (owner-only file, kept across
// restarts), the environment wins, and a published secret is refused when the stack listens beyond loopback.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { SecretsError, WELL_KNOWN_SECRETS, withSecrets } from '../src/secrets.ts';
import { startStack } from '../src/stack.ts';

const root = mkdtempSync(join(tmpdir(), 'lift3d-secrets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('first start writes random secrets to the data folder, owner-only; a restart reuses them', () => {
  const dataDir = join(root, 'a');
  const first = withSecrets(loadConfig({ DATA_DIR: dataDir }));
  expect(first.jwtSecret).toMatch(/^[\w-]{64}$/);
  expect(first.urlSigningSecret).toMatch(/^[\w-]{64}$/);
  expect(first.urlSigningSecret).not.toBe(first.jwtSecret);
  const file = join(dataDir, 'secrets.json');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
    jwtSecret: first.jwtSecret,
    urlSigningSecret: first.urlSigningSecret,
  });
  const again = withSecrets(loadConfig({ DATA_DIR: dataDir }));
  expect(again.jwtSecret).toBe(first.jwtSecret);
  const other = withSecrets(loadConfig({ DATA_DIR: join(root, 'b') }));
  expect(other.jwtSecret).not.toBe(first.jwtSecret);
  for (const s of WELL_KNOWN_SECRETS) expect(first.jwtSecret).not.toBe(s);
});

test('JWT_SECRET and URL_SIGNING_SECRET from the environment win', () => {
  const config = withSecrets(
    loadConfig({
      DATA_DIR: join(root, 'c'),
      JWT_SECRET: 'an-operator-chosen-secret-of-enough-length',
      URL_SIGNING_SECRET: 'another-operator-chosen-secret-for-links',
    }),
  );
  expect(config.jwtSecret).toBe('an-operator-chosen-secret-of-enough-length');
  expect(config.urlSigningSecret).toBe('another-operator-chosen-secret-for-links');
});

test('a published secret is refused beyond loopback, before anything listens; allowed on loopback', async () => {
  for (const secret of WELL_KNOWN_SECRETS) {
    for (const host of ['0.0.0.0', '192.168.1.20', '::']) {
      const config = loadConfig({ DATA_DIR: join(root, 'd'), HOST: host, JWT_SECRET: secret, PORT: '0' });
      expect(() => withSecrets(config)).toThrow(SecretsError);
      await expect(startStack(config)).rejects.toThrow(/JWT_SECRET is a published value and HOST=/);
    }
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      const config = loadConfig({ DATA_DIR: join(root, 'e'), HOST: host, JWT_SECRET: secret });
      expect(withSecrets(config).jwtSecret).toBe(secret);
    }
  }
  const links = loadConfig({
    DATA_DIR: join(root, 'f'),
    HOST: '0.0.0.0',
    URL_SIGNING_SECRET: [...WELL_KNOWN_SECRETS][0],
  });
  expect(() => withSecrets(links)).toThrow(/URL_SIGNING_SECRET is a published value/);
  // Without a published secret, exposing the stack is the operator's choice.
  expect(withSecrets(loadConfig({ DATA_DIR: join(root, 'g'), HOST: '0.0.0.0' })).jwtSecret).toMatch(
    /^[\w-]{64}$/,
  );
});
