/**
 * `npm run admin:create -- --email E --password P [--name N]`: creates or promotes an administrator.
 *
 * Where it writes, in this order:
 * 1. SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY + DATABASE_URL: a hosted Supabase project;
 * 2. the local stack, when it is running (DATA_DIR/stack.json): its auth server and database;
 * 3. otherwise the local database itself: PGlite in DATA_DIR/pglite (or DATABASE_URL), migrated first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApiKeys } from '../auth/api-keys.ts';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { startEmbeddedDatabase } from '../db/pglite.ts';
import { withSecrets } from '../secrets.ts';
import {
  type AdminAccount,
  type AdminResult,
  checkAdminAccount,
  createAdminInDatabase,
  createAdminViaAuthApi,
} from './admin-account.ts';

const USAGE =
  'usage: npm run admin:create -- --email you@example.com --password "secret" [--name "Your Name"]';

function readAccount(argv: string[]): AdminAccount {
  let values: { email?: string; password?: string; name?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new Error(`admin-create: ${(error as Error).message}\n${USAGE}`);
  }
  if (!values.email || !values.password)
    throw new Error(`admin-create: --email and --password are required.\n${USAGE}`);
  return checkAdminAccount({ email: values.email, password: values.password, name: values.name });
}

function runningStack(dataDir: string): { url: string; databaseUrl: string } | null {
  const file = join(dataDir, 'stack.json');
  if (!existsSync(file)) return null;
  const info = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; url: string; databaseUrl: string };
  try {
    process.kill(info.pid, 0);
  } catch {
    return null; // left behind by a stack that crashed: the database is free
  }
  return info;
}

export async function adminCreate(argv: string[], log: (line: string) => void): Promise<AdminResult> {
  const account = readAccount(argv);
  const config = loadConfig();
  if (config.supabase) {
    if (!config.databaseUrl)
      throw new Error(
        'admin-create: with SUPABASE_URL, also set DATABASE_URL (the project database) to set the flag.',
      );
    log(`admin-create: using the Supabase project at ${config.supabase.url}`);
    return createAdminViaAuthApi(
      {
        authUrl: `${config.supabase.url}/auth/v1`,
        serviceRoleKey: config.supabase.serviceRoleKey,
        databaseUrl: config.databaseUrl,
      },
      account,
    );
  }
  const stack = runningStack(config.dataDir);
  if (stack) {
    log(`admin-create: talking to the running local stack at ${stack.url}`);
    const keys = await createApiKeys(withSecrets(config).jwtSecret);
    return createAdminViaAuthApi(
      {
        authUrl: `${stack.url}/auth/v1`,
        serviceRoleKey: keys.serviceRoleKey,
        databaseUrl: stack.databaseUrl,
      },
      account,
    );
  }
  if (config.databaseUrl) {
    log('admin-create: writing to DATABASE_URL');
    await migrate(config.databaseUrl);
    return createAdminInDatabase(config.databaseUrl, account);
  }
  log(`admin-create: the local stack is not running; opening ${join(config.dataDir, 'pglite')}`);
  const db = await startEmbeddedDatabase({ dataDir: join(config.dataDir, 'pglite') });
  try {
    await migrate(db.url);
    return await createAdminInDatabase(db.url, account);
  } finally {
    await db.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  adminCreate(process.argv.slice(2), (line) => console.log(line)).then(
    (result) => {
      console.log(`admin-create: ${result.created ? 'created' : 'promoted'} administrator ${result.id}`);
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
