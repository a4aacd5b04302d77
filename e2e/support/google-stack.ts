// A local stack of its own with "Google" pointing at a real OpenID provider (oidc-provider) on 127.0.0.1,
// for the Google sign-in journeys. The provider needs the stack's callback URL and the stack needs the
// provider's issuer, so the port is chosen first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@lift3d/local/config';
import { freePort } from '@lift3d/local/ports';
import { startStack } from '@lift3d/local/stack';
import { startOidcProvider, type TestOidcProvider } from '@lift3d/local/testing/oidc-provider';
import { stackDatabase } from './stack-database.ts';

export interface GoogleStack {
  url: string;
  databaseUrl: string;
  provider: TestOidcProvider;
  stop(): Promise<void>;
}

/** `env` overrides the stack's environment (e.g. a small AUTH_SIGN_IN_LIMIT). */
export async function startGoogleStack(env: Record<string, string> = {}): Promise<GoogleStack> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const provider = await startOidcProvider({
    redirectUri: `${url}/auth/v1/callback`,
    account: {
      sub: 'google-user-0',
      email: 'first@example.test',
      email_verified: true,
      name: 'First Googler',
    },
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'lift3d-e2e-google-'));
  const database = await stackDatabase();
  try {
    const stack = await startStack(
      loadConfig({
        AUTH_SIGN_IN_LIMIT: '1000',
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        START_WORKER: '0',
        NODE_ENV: 'test',
        GOOGLE_ISSUER: provider.issuer,
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        ...env,
      }),
    );
    return {
      url: stack.url,
      databaseUrl: stack.databaseUrl,
      provider,
      async stop() {
        await stack.stop();
        await provider.stop();
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await provider.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
