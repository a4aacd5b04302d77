/**
 * The local stack's secrets: JWT_SECRET and URL_SIGNING_SECRET from the environment, else random ones made
 * on first start and kept in DATA_DIR/secrets.json (owner-only), so every data folder has its own and a
 * restart keeps sessions and download links valid.
 *
 * notes: a secret that is published (the old constant this repository shipped, Supabase's local default)
 * lets anyone mint access tokens, the service-role key and download links. Such a secret is refused as
 * soon as the stack listens beyond loopback.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLoopback, type LocalConfig } from './config.ts';

export class SecretsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsError';
  }
}

/** Secrets that are printed in public repositories and documentation. */
export const WELL_KNOWN_SECRETS = new Set([
  'lift3d-local-development-jwt-secret-not-for-production',
  'super-secret-jwt-token-with-at-least-32-characters-long',
]);

interface StoredSecrets {
  jwtSecret: string;
  urlSigningSecret: string;
}

const fresh = () => randomBytes(48).toString('base64url');

function readOrCreate(dataDir: string): StoredSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
    if (typeof stored.jwtSecret === 'string' && typeof stored.urlSigningSecret === 'string') {
      return stored as StoredSecrets;
    }
    throw new SecretsError(
      `secrets: ${file} is damaged; move it away to make new secrets (sessions will end).`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = { jwtSecret: fresh(), urlSigningSecret: fresh() };
  // 'wx': two processes starting at once cannot both write; the loser reads the winner's.
  try {
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreate(dataDir);
    throw error;
  }
  chmodSync(file, 0o600);
  return secrets;
}

/** The config with both secrets filled in; throws SecretsError for a published secret off loopback. */
export function withSecrets(config: LocalConfig): LocalConfig {
  const needsStore = !config.jwtSecret || !config.urlSigningSecret;
  const stored = needsStore ? readOrCreate(config.dataDir) : null;
  const resolved = {
    ...config,
    jwtSecret: config.jwtSecret || stored!.jwtSecret,
    urlSigningSecret: config.urlSigningSecret || stored!.urlSigningSecret,
  };
  if (!isLoopback(resolved.host)) {
    for (const [name, value] of [
      ['JWT_SECRET', resolved.jwtSecret],
      ['URL_SIGNING_SECRET', resolved.urlSigningSecret],
    ] as const) {
      if (WELL_KNOWN_SECRETS.has(value)) {
        throw new SecretsError(
          `secrets: ${name} is a published value and HOST=${resolved.host} exposes the stack beyond this machine: anyone could sign in as anyone. Unset ${name} (a random one is kept in DATA_DIR/secrets.json) or set your own.`,
        );
      }
    }
  }
  return resolved;
}
