// The committed database types (supabase/functions/_shared/contract/database.ts) match the migrations:
// a migration that changes the schema without `npm run gen:db-types` fails here. The closed sets SQL
// declares (domains, 20261127170000) hold exactly the contract's values.
import { readFile } from 'node:fs/promises';
import {
  DELIVERY_STATUSES,
  GENERATION_BACKENDS,
  GENERATION_KINDS,
  GENERATION_STATUSES,
  MODEL_FORMATS,
  ORDER_STATUSES,
  TOPOLOGIES,
  VIEW_NAMES,
  WEBHOOK_EVENT_TYPES,
} from '@lift3d/contract';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  DB_TYPES_FILE,
  formatTypeScript,
  generateDatabaseTypes,
  readClosedSets,
} from '../src/db/db-types.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('postgres');
}, 300_000);
afterAll(() => db?.stop());

test('the committed database types are generated from the current migrations', async () => {
  const fresh = formatTypeScript(await generateDatabaseTypes(db.sql));
  expect(fresh).toContain('generations: {');
  expect(await readFile(DB_TYPES_FILE, 'utf8'), 'run `npm run gen:db-types` and commit the result').toBe(
    fresh,
  );
}, 300_000);

test("SQL's closed sets are the contract's lists, in its order", async () => {
  const sets = await readClosedSets(db.sql);
  expect(Object.fromEntries(sets)).toMatchObject({
    generation_status: [...GENERATION_STATUSES],
    model_format: [...MODEL_FORMATS],
    topology: [...TOPOLOGIES],
    generation_kind: [...GENERATION_KINDS],
    view_name: [...VIEW_NAMES],
    generation_backend: [...GENERATION_BACKENDS],
    hosted_backend: GENERATION_BACKENDS.filter((b) => b !== 'builtin'),
    order_status: [...ORDER_STATUSES],
    webhook_event_type: [...WEBHOOK_EVENT_TYPES],
    delivery_status: [...DELIVERY_STATUSES],
  });
  // Each domain types at least one column (none is left over from a removed column).
  const unused = await db.sql<{ name: string }[]>`
    select t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'public' and t.typtype = 'd'
       and not exists (select 1 from pg_attribute a join pg_class c on c.oid = a.attrelid
                        where a.atttypid = t.oid and c.relkind = 'r' and not a.attisdropped)`;
  expect(unused).toEqual([]);
});

test('a value outside a closed set is refused by SQL with a check violation', async () => {
  // generations_format_check was the column's; the domain's check now refuses the same values.
  const error = await db.sql`select 'step'::public.model_format`.catch((e: { code?: string }) => e);
  expect(error).toMatchObject({ code: '23514' });
  expect(await db.sql`select 'glb'::public.model_format as f`).toEqual([{ f: 'glb' }]);
});
