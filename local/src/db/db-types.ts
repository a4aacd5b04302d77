/**
 * TypeScript types of the migrated `public` schema (tables, views, enums, functions), read from pg_catalog,
 * for `supabase/functions/_shared/contract/database.ts`. `scripts/gen-db-types.ts` writes that file and
 * local/test/db-types.test.ts fails when it no longer matches the migrations.
 *
 * notes: a row is typed as the postgres driver (postgres.js, used by the api and the worker) hands it
 * over, not as PostgREST's JSON: timestamps and dates are `Date`, bigint and numeric are `string` (their
 * exact text), bytea is `Uint8Array`. Columns of views are nullable (Postgres does not know better).
 * A domain over text whose one check lists its values (`check (value in ('a', 'b'))`) is a closed set and
 * is generated under `Enums` like an enum: that is what callers need of it, and a domain, unlike an enum,
 * compares with text arguments, so no SQL function has to change to use one.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type postgres from 'postgres';
import { repoRoot } from './migrate.ts';

export const DB_TYPES_FILE = join(repoRoot, 'supabase/functions/_shared/contract/database.ts');

const SCALARS: Record<string, string> = {
  int2: 'number',
  int4: 'number',
  float4: 'number',
  float8: 'number',
  oid: 'number',
  int8: 'string',
  numeric: 'string',
  bool: 'boolean',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  char: 'string',
  name: 'string',
  uuid: 'string',
  citext: 'string',
  inet: 'string',
  cidr: 'string',
  interval: 'string',
  time: 'string',
  timetz: 'string',
  timestamptz: 'Date',
  timestamp: 'Date',
  date: 'Date',
  json: 'Json',
  jsonb: 'Json',
  bytea: 'Uint8Array',
  void: 'undefined',
  record: 'Record<string, unknown>',
};

interface TypeInfo {
  typname: string;
  typtype: string;
  elem: string | null;
  relname: string | null;
}

interface Catalog {
  enums: Map<string, string[]>;
  tables: Set<string>;
  views: Set<string>;
}

function tsType(t: TypeInfo, catalog: Catalog): string {
  if (t.elem)
    return `${wrap(tsType({ typname: t.elem, typtype: 'b', elem: null, relname: null }, catalog))}[]`;
  const labels = catalog.enums.get(t.typname);
  if (labels) return `Database['public']['Enums'][${quote(t.typname)}]`;
  if (t.typtype === 'c' && t.relname) {
    if (catalog.tables.has(t.relname)) return `Tables<${quote(t.relname)}>`;
    if (catalog.views.has(t.relname)) return `Views<${quote(t.relname)}>`;
  }
  return SCALARS[t.typname] ?? 'unknown';
}

/**
 * The values of `CHECK ((VALUE = ANY (ARRAY['a'::text, 'b'::text])))`, as pg_get_constraintdef prints
 * `value in ('a', 'b')`; null for any other check (a length or pattern rule is not a closed set).
 */
function closedSetLabels(check: string): string[] | null {
  const list = /^CHECK \(\(VALUE = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(check)?.[1];
  if (!list) return null;
  const item = /^'((?:[^']|'')*)'::text$/;
  const labels = list.split(/,\s*(?=')/).map((part) => item.exec(part.trim())?.[1]?.replaceAll("''", "'"));
  return labels.every((l) => l !== undefined) ? (labels as string[]) : null;
}

const EMPTY = 'Record<string, never>';
const wrap = (type: string) => (/^[\w.<>'[\]]+$/.test(type) ? type : `(${type})`);
const quote = (s: string) => `'${s}'`;
const key = (s: string) => (/^[A-Za-z_$][\w$]*$/.test(s) ? s : quote(s));

/** Every closed set of the `public` schema (enums and closed domains, see above): name → its values. */
export async function readClosedSets(sql: postgres.Sql): Promise<Map<string, string[]>> {
  const enumRows = await sql<{ typname: string; labels: string[] }[]>`
    select t.typname, array_agg(e.enumlabel order by e.enumsortorder) as labels
      from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'public' group by t.typname order by t.typname`;
  const domainRows = await sql<{ typname: string; checks: string[] }[]>`
    select t.typname, coalesce(array_agg(pg_get_constraintdef(c.oid) order by c.conname)
                                 filter (where c.oid is not null), '{}') as checks
      from pg_type t
      join pg_namespace n on n.oid = t.typnamespace
      join pg_type base on base.oid = t.typbasetype
      left join pg_constraint c on c.contypid = t.oid and c.contype = 'c'
     where n.nspname = 'public' and t.typtype = 'd' and base.typname = 'text'
     group by t.typname order by t.typname`;
  const closedDomains = domainRows.flatMap((d) => {
    const labels = d.checks.length === 1 ? closedSetLabels(d.checks[0] ?? '') : null;
    return labels ? [[d.typname, labels] as const] : [];
  });
  return new Map([...enumRows.map((e) => [e.typname, e.labels] as const), ...closedDomains]);
}

/** The types file's text (before formatting) for the database `sql` points at. */
export async function generateDatabaseTypes(sql: postgres.Sql): Promise<string> {
  const columns = await sql<
    (TypeInfo & { table: string; relkind: string; column: string; nullable: boolean })[]
  >`
    select c.relname as table, c.relkind, a.attname as column, not a.attnotnull or c.relkind = 'v' as nullable,
           t.typname, t.typtype, et.typname as elem, null::text as relname
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_type t on t.oid = a.atttypid
      left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
     order by c.relname, a.attnum`;
  const functions = await sql<
    {
      name: string;
      retset: boolean;
      ret: TypeInfo;
      args: { name: string | null; mode: string; type: TypeInfo; hasDefault: boolean }[];
    }[]
  >`
    select p.proname as name, p.proretset as retset,
           json_build_object('typname', rt.typname, 'typtype', rt.typtype, 'elem', ret_elem.typname,
                             'relname', ret_rel.relname) as ret,
           coalesce((
             select json_agg(json_build_object(
                      'name', arg.name, 'mode', coalesce(arg.mode, 'i'),
                      'hasDefault', arg.ord > coalesce(array_length(p.proargtypes, 1), 0) - p.pronargdefaults
                                    and coalesce(arg.mode, 'i') = 'i',
                      'type', json_build_object('typname', at.typname, 'typtype', at.typtype,
                                                'elem', aet.typname, 'relname', arel.relname))
                    order by arg.ord)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames, p.proargmodes::text[])
                    with ordinality as arg(type, name, mode, ord)
               join pg_type at on at.oid = arg.type
               left join pg_type aet on aet.oid = at.typelem and at.typcategory = 'A'
               left join pg_class arel on arel.oid = at.typrelid
           ), '[]') as args
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_type rt on rt.oid = p.prorettype
      left join pg_type ret_elem on ret_elem.oid = rt.typelem and rt.typcategory = 'A'
      left join pg_class ret_rel on ret_rel.oid = rt.typrelid
     where n.nspname = 'public' and p.prokind = 'f' and rt.typname <> 'trigger'
     order by p.proname, pg_get_function_identity_arguments(p.oid)`;

  const catalog: Catalog = {
    enums: await readClosedSets(sql),
    tables: new Set(columns.filter((c) => c.relkind === 'r' || c.relkind === 'p').map((c) => c.table)),
    views: new Set(columns.filter((c) => c.relkind === 'v' || c.relkind === 'm').map((c) => c.table)),
  };
  const block = (name: string, lines: string[]) =>
    lines.length ? [`${name}: {`, ...lines, '};'] : [`${name}: ${EMPTY};`];
  const relation = (name: string) =>
    [
      `${key(name)}: {`,
      ...columns
        .filter((c) => c.table === name)
        .map((c) => `${key(c.column)}: ${tsType(c, catalog)}${c.nullable ? ' | null' : ''};`),
      '};',
    ].join('\n');

  type Fn = (typeof functions)[number];
  const byName = new Map<string, Fn[]>();
  for (const f of functions) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
  const fn = (f: Fn) => {
    const ins = f.args.filter((a) => a.mode === 'i' || a.mode === 'b');
    const outs = f.args.filter((a) => a.mode === 't' || a.mode === 'o' || a.mode === 'b');
    const args = ins.map(
      (a, i) => `${key(a.name || `$${i + 1}`)}${a.hasDefault ? '?' : ''}: ${tsType(a.type, catalog)};`,
    );
    let returns = outs.length
      ? `{ ${outs.map((a) => `${key(a.name ?? 'column')}: ${tsType(a.type, catalog)} | null;`).join(' ')} }`
      : tsType(f.ret, catalog);
    if (f.retset) returns = `${wrap(returns)}[]`;
    return `{ Args: ${args.length ? `{ ${args.join(' ')} }` : EMPTY}; Returns: ${returns} }`;
  };

  return [
    '// Generated by scripts/gen-db-types.ts from supabase/migrations (npm run gen:db-types): do not edit.',
    '// Rows are typed as postgres.js returns them (see local/src/db/db-types.ts).',
    '',
    'export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };',
    '',
    'export interface Database {',
    'public: {',
    ...block('Tables', [...catalog.tables].map(relation)),
    ...block('Views', [...catalog.views].map(relation)),
    ...block(
      'Functions',
      [...byName].map(([name, overloads]) => `${key(name)}: ${overloads.map(fn).join(' | ')};`),
    ),
    ...block(
      'Enums',
      [...catalog.enums].map(([name, labels]) => `${key(name)}: ${labels.map(quote).join(' | ')};`),
    ),
    '};',
    '}',
    '',
    '/** A row of a table, as the postgres driver returns it. */',
    "export type Tables<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T];",
    "export type Views<T extends keyof Database['public']['Views']> = Database['public']['Views'][T];",
    "export type Enums<T extends keyof Database['public']['Enums']> = Database['public']['Enums'][T];",
    "/** A SQL function's arguments (`Args`) and result (`Returns`), as the postgres driver returns it. */",
    "export type Functions<T extends keyof Database['public']['Functions']> = Database['public']['Functions'][T];",
    '/** Columns read through an outer join: each may be null. */',
    'export type Nullable<T> = { [K in keyof T]: T[K] | null };',
    '',
  ].join('\n');
}

/** Formats TypeScript the way `biome format` does for `path`, so the committed file stays lint-clean. */
export function formatTypeScript(text: string, path: string = DB_TYPES_FILE): string {
  const run = spawnSync(join(repoRoot, 'node_modules/.bin/biome'), ['format', `--stdin-file-path=${path}`], {
    input: text,
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`biome format failed: ${run.stderr}`);
  return run.stdout;
}
