// The local bootstrap on a fresh PostgreSQL server, as on a new CI machine: the API roles do not exist yet and
// several test databases are bootstrapped at the same moment. Roles are cluster-wide, so every bootstrap
// must succeed even when another one creates the same role or membership in between (before the fix, 2 of 10
// concurrent bootstraps failed with a duplicate key in pg_authid). A throwaway cluster of the test's own,
// so the shared server's roles are never dropped.
import postgres from 'postgres';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { applyBootstrap } from '../src/db/migrate.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/throwaway-postgres.ts';

const ROLES = ['anon', 'authenticated', 'service_role', 'authenticator', 'supabase_auth_admin'];
const DATABASES = 10;
const ROUNDS = 8;

let cluster: ThrowawayPostgres;
beforeAll(async () => {
  cluster = await startThrowawayPostgres();
}, 180_000);
afterAll(() => cluster?.destroy());

const urlOf = (name: string) => cluster.url.replace(/\/[^/]*$/, `/${name}`);

test(`${DATABASES} databases bootstrapped at once on a server without the API roles all succeed (${ROUNDS} rounds)`, async () => {
  const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const names = Array.from({ length: DATABASES }, (_, i) => `bootstrap_${round}_${i}`);
      for (const name of names) await admin.unsafe(`create database ${name}`);
      const missing = await admin`select count(*)::int as n from pg_roles where rolname = any(${ROLES})`;
      expect(missing[0].n, 'a fresh server has none of the API roles').toBe(0);

      const results = await Promise.allSettled(names.map((name) => applyBootstrap(urlOf(name))));
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(failures, `round ${round}`).toEqual([]);

      const roles = await admin`
        select rolname, rolcanlogin, rolbypassrls, rolcreaterole from pg_roles where rolname = any(${ROLES})
        order by rolname`;
      expect(roles.map((r) => [r.rolname, r.rolcanlogin, r.rolbypassrls, r.rolcreaterole])).toEqual([
        ['anon', false, false, false],
        ['authenticated', false, false, false],
        ['authenticator', true, false, false],
        ['service_role', false, true, false],
        ['supabase_auth_admin', true, false, true],
      ]);
      const members = await admin`
        select r.rolname from pg_auth_members m
          join pg_roles r on r.oid = m.roleid join pg_roles u on u.oid = m.member
         where u.rolname = 'authenticator' order by 1`;
      expect(members.map((m) => m.rolname)).toEqual(['anon', 'authenticated', 'service_role']);

      // The next round starts from a fresh server again.
      for (const name of names) await admin.unsafe(`drop database ${name} with (force)`);
      await admin.unsafe(`drop role ${ROLES.join(', ')}`);
    }
  } finally {
    await admin.end();
  }
}, 240_000);
