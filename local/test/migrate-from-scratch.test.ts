// Every other test database is a copy of one migrated once (support/schema-copies.ts). Here the migrations
// are replayed from scratch on each engine, as `npm start` and a new Supabase project apply them, and the
// result must equal the copy: same tables, columns, functions, policies, triggers, grants, migration history
// and seeded rows.
import { afterAll, describe, expect, test } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from './support/databases.ts';

const SYSTEM = `('pg_catalog', 'information_schema', 'pg_toast')`;

async function fingerprint(db: TestDatabase) {
  const q = (text: string) =>
    db.sql.unsafe(text).then((rows) => rows.map((row) => Object.values(row).join('|')));
  const tables = await db.sql.unsafe<{ name: string }[]>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ${SYSTEM} and n.nspname not like 'pg_temp%' order by 1`,
  );
  const rows: string[] = [];
  for (const { name } of tables) {
    const [{ count }] = await db.sql.unsafe(`select count(*)::int as count from ${name}`);
    rows.push(`${name}=${count}`);
  }
  return {
    relations: await q(`select n.nspname, c.relname, c.relkind, c.relrowsecurity from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ${SYSTEM} and n.nspname not like 'pg_temp%' order by 1, 2`),
    columns: await q(`select table_schema, table_name, column_name, data_type, column_default, is_nullable
      from information_schema.columns where table_schema not in ${SYSTEM} order by 1, 2, 3`),
    functions:
      await q(`select n.nspname, p.proname, md5(pg_get_functiondef(p.oid)), array_to_string(p.proconfig, ',')
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ${SYSTEM} and p.prokind <> 'a' order by 1, 2, 3`),
    policies:
      await q(`select schemaname, tablename, policyname, permissive, roles::text, cmd, qual, with_check
      from pg_policies order by 1, 2, 3`),
    triggers: await q(`select tgrelid::regclass::text, tgname, md5(pg_get_triggerdef(oid)) from pg_trigger
      where not tgisinternal order by 1, 2`),
    grants:
      await q(`select grantee, table_schema, table_name, privilege_type from information_schema.role_table_grants
      where table_schema not in ${SYSTEM} order by 1, 2, 3, 4`),
    routineGrants: await q(`select grantee, routine_schema, routine_name, privilege_type
      from information_schema.role_routine_grants where routine_schema not in ${SYSTEM} order by 1, 2, 3, 4`),
    migrations: await q('select version, name from supabase_migrations.schema_migrations order by 1'),
    rows,
  };
}

describe.each(ENGINES)('migrations from scratch on %s', (engine) => {
  const open: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of open) await db.stop();
  });

  test('give exactly the schema and seed that every test database is copied from', async () => {
    const fresh = await createTestDatabase(engine, { seed: true, fresh: true });
    open.push(fresh);
    const copy = await createTestDatabase(engine, { seed: true });
    open.push(copy);
    const [a, b] = [await fingerprint(fresh), await fingerprint(copy)];
    expect(a.migrations.length).toBeGreaterThan(30);
    expect(a.policies.length).toBeGreaterThan(10);
    expect(b).toEqual(a);
  }, 180_000);
});
