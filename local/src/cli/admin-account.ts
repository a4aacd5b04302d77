/**
 * Creates an administrator or promotes an existing account, three ways (DESIGN §6):
 * - through a Supabase Auth server (a hosted project, or the running local stack): the admin user API
 *   with the service-role key creates the account (or sets the password of an existing one), then SQL
 *   on the project's database sets `profiles.is_admin`;
 * - straight into a database when no auth server runs (the local stack stopped): migrate, insert the
 *   auth user and its e-mail identity exactly as the auth server would (bcrypt cost 10), set the flag.
 *
 * notes: the profile row comes from the `on_auth_user_created` trigger either way, so the name lands in
 * `profiles` as for any sign-up. The flag is written by the superuser/service connection: no API route
 * can grant it.
 */
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import postgres from 'postgres';

export interface AdminAccount {
  email: string;
  password: string;
  name?: string;
}

export interface AdminResult {
  id: string;
  created: boolean;
}

const ADMIN_DEFAULTS = { bcryptCost: 10, minPasswordLength: 6 } as const;

export function checkAdminAccount(account: AdminAccount): AdminAccount {
  const email = account.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new Error(`admin-create: "${account.email}" is not an e-mail address.`);
  if (account.password.length < ADMIN_DEFAULTS.minPasswordLength)
    throw new Error('admin-create: the password must be at least 6 characters long.');
  if (Buffer.byteLength(account.password) > 72)
    throw new Error('admin-create: the password cannot be longer than 72 bytes.');
  return { ...account, email, name: account.name?.trim() || undefined };
}

async function promote(tx: postgres.TransactionSql, id: string, name: string | undefined): Promise<void> {
  const rows = await tx`
    update public.profiles set is_admin = true, name = coalesce(${name ?? null}, name)
     where id = ${id} returning id`;
  if (!rows[0]) throw new Error(`admin-create: user ${id} has no profile row (are the migrations applied?)`);
}

/** Through an auth server's admin API (`authUrl` ends in /auth/v1) plus SQL for the flag. */
export async function createAdminViaAuthApi(
  options: { authUrl: string; serviceRoleKey: string; databaseUrl: string },
  account: AdminAccount,
): Promise<AdminResult> {
  const headers = {
    apikey: options.serviceRoleKey,
    authorization: `Bearer ${options.serviceRoleKey}`,
    'content-type': 'application/json',
  };
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${options.authUrl}${path}`, { method, headers, body: JSON.stringify(body) });
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, data };
  };
  const metadata = account.name ? { name: account.name } : undefined;
  const sql = postgres(options.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
  try {
    const made = await call('POST', '/admin/users', {
      email: account.email,
      password: account.password,
      email_confirm: true,
      user_metadata: metadata,
    });
    let id: string;
    let created = true;
    if (made.status === 200 || made.status === 201) {
      id = String(made.data.id);
    } else if (made.data.error_code === 'email_exists' || made.status === 422) {
      const [row] = await sql<{ id: string }[]>`select id from auth.users where email = ${account.email}`;
      if (!row) throw new Error(`admin-create: the auth server refused: ${JSON.stringify(made.data)}`);
      id = row.id;
      created = false;
      const updated = await call('PUT', `/admin/users/${id}`, {
        password: account.password,
        user_metadata: metadata,
      });
      if (updated.status !== 200)
        throw new Error(`admin-create: could not set the password: ${JSON.stringify(updated.data)}`);
    } else {
      throw new Error(`admin-create: the auth server answered ${made.status}: ${JSON.stringify(made.data)}`);
    }
    await sql.begin((tx) => promote(tx, id, account.name));
    return { id, created };
  } finally {
    await sql.end();
  }
}

/** Straight into an already migrated database (no auth server running). */
export async function createAdminInDatabase(
  databaseUrl: string,
  account: AdminAccount,
): Promise<AdminResult> {
  const hash = await bcrypt.hash(account.password, ADMIN_DEFAULTS.bcryptCost);
  const sql = postgres(databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
  try {
    return await sql.begin(async (tx) => {
      const [existing] = await tx<{ id: string }[]>`select id from auth.users where email = ${account.email}`;
      if (existing) {
        await tx`update auth.users set encrypted_password = ${hash}, updated_at = now(),
                        email_confirmed_at = coalesce(email_confirmed_at, now())
                  where id = ${existing.id}`;
        await promote(tx, existing.id, account.name);
        return { id: existing.id, created: false };
      }
      const id = randomUUID();
      const identity = { email: account.email, email_verified: true, phone_verified: false };
      await tx`insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
               values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated',
                  ${account.email}, ${hash}, now(),
                  ${tx.json({ provider: 'email', providers: ['email'] })},
                  ${tx.json({ ...(account.name ? { name: account.name } : {}), ...identity, sub: id })},
                  now(), now(), false)`;
      await tx`insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
               values (${randomUUID()}, ${id}, ${id}, ${tx.json({ sub: id, ...identity })}, 'email', now(), now())`;
      await promote(tx, id, account.name);
      return { id, created: true };
    });
  } finally {
    await sql.end();
  }
}
