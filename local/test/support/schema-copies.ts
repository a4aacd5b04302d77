/**
 * The migrated schema, made once and copied: a template database on the PostgreSQL server
 * (`CREATE DATABASE … TEMPLATE`) and a PGlite data folder as a tarball, both named by a hash of everything
 * migrating reads (the bootstrap, the migrations, the seed), so a changed migration makes new ones and a
 * stale copy is never used. Test processes share them: the template lives on the server, the tarball in
 * node_modules/.cache; a lock makes the first process build each while the others wait for it.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import postgres from 'postgres';
import { type MigrateOptions, migrate, repoRoot } from '../../src/db/migrate.ts';
import { startEmbeddedDatabase } from '../../src/db/pglite.ts';

type SchemaOptions = Pick<MigrateOptions, 'seed'>;

const CACHE_DIR = join(repoRoot, 'node_modules/.cache/lift3d-test');
/** A builder that holds a lock this long has died; the next process takes over. */
const STALE_LOCK_MS = 5 * 60_000;
/** pg_advisory_lock key that serialises template builds on one server. */
const TEMPLATE_LOCK = 4_173_204_611;

/** Hash of what `migrate` applies, and whether the seed is in. */
export function schemaKey(options: SchemaOptions = {}): string {
  const hash = createHash('sha256');
  const add = (dir: string) => {
    for (const file of readdirSync(join(repoRoot, dir))
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      hash
        .update(`${dir}/${file}\0`)
        .update(readFileSync(join(repoRoot, dir, file)))
        .update('\0');
    }
  };
  add('local/sql/bootstrap');
  add('supabase/migrations');
  if (options.seed) hash.update('seed\0').update(readFileSync(join(repoRoot, 'supabase/seed.sql')));
  return `${options.seed ? 's' : 'n'}${hash.digest('hex').slice(0, 16)}`;
}

const templates = new Map<string, Promise<string>>();

/** The name of the migrated template database on `server` (a URL of any database there), built if missing. */
export function ensureTemplate(server: string, options: SchemaOptions = {}): Promise<string> {
  const name = `lift3d_tpl_${schemaKey(options)}`;
  const key = `${server} ${name}`;
  let made = templates.get(key);
  if (!made) {
    made = buildTemplate(server, name, options);
    made.catch(() => templates.delete(key));
    templates.set(key, made);
  }
  return made;
}

async function buildTemplate(server: string, name: string, options: SchemaOptions): Promise<string> {
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  try {
    await admin`select pg_advisory_lock(${TEMPLATE_LOCK})`;
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (found) return name;
    // Half-built templates of builders that died (only a lock holder builds, and we hold it).
    for (const {
      datname,
    } of await admin`select datname from pg_database where datname like 'lift3d_tpl_%_building'`) {
      await admin.unsafe(`drop database if exists ${datname} with (force)`);
    }
    const building = `${name}_building`;
    await admin.unsafe(`create database ${building}`);
    await migrate(server.replace(/\/[^/]*$/, `/${building}`), options);
    // Renamed only once complete, so a template by this name is always whole. Nobody may connect to it:
    // a session on a template makes `CREATE DATABASE … TEMPLATE` fail.
    await admin.unsafe(`alter database ${building} rename to ${name}`);
    await admin.unsafe(`alter database ${name} with is_template true allow_connections false`);
    return name;
  } finally {
    await admin`select pg_advisory_unlock(${TEMPLATE_LOCK})`.catch(() => {});
    await admin.end();
  }
}

const snapshots = new Map<string, Promise<string>>();

/** A PGlite data folder (tar) holding the migrated schema, for `PGlite.create({ loadDataDir })`. */
export async function pgliteSnapshot(options: SchemaOptions = {}): Promise<Blob> {
  return new Blob([readFileSync(await pgliteSnapshotFile(options))]);
}

/** The path of that tarball, built if missing. */
export function pgliteSnapshotFile(options: SchemaOptions = {}): Promise<string> {
  const key = schemaKey(options);
  let made = snapshots.get(key);
  if (!made) {
    made = buildSnapshot(join(CACHE_DIR, `pglite-${key}.tar`), options);
    made.catch(() => snapshots.delete(key));
    snapshots.set(key, made);
  }
  return made;
}

async function buildSnapshot(file: string, options: SchemaOptions): Promise<string> {
  const lock = `${file}.lock`;
  mkdirSync(CACHE_DIR, { recursive: true });
  for (;;) {
    if (existsSync(file)) return file;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another process builds it: wait for the file, or take over a lock its builder left behind.
      if (Date.now() - lockTime(lock) > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    if (existsSync(file)) return file;
    const embedded = await startEmbeddedDatabase({ dataDir: null, port: 0 });
    let tar: Blob;
    try {
      await migrate(embedded.url, options);
      tar = await embedded.db.dumpDataDir('none');
    } finally {
      await embedded.stop();
    }
    // Written whole under another name, then renamed: a reader never sees half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
    renameSync(partial, file);
    // Snapshots of older schemas are never read again (the name changes with every migration).
    for (const other of readdirSync(CACHE_DIR)) {
      if (
        /^pglite-.*\.tar$/.test(other) &&
        join(CACHE_DIR, other) !== file &&
        other[7] === basename(file)[7]
      ) {
        rmSync(join(CACHE_DIR, other), { force: true });
      }
    }
    return file;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockTime(lock: string): number {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return Date.now();
  }
}

/**
 * For a test runner's global setup: every embedded database a stack opens in a new data folder during the run
 * starts from the migrated and seeded schema (LIFT3D_TEST_PGLITE_SNAPSHOT, read by local/src/db/pglite.ts),
 * so the stack's own migrate finds everything applied instead of replaying it.
 */
export async function startStacksFromSnapshot(): Promise<void> {
  process.env.LIFT3D_TEST_PGLITE_SNAPSHOT = await pgliteSnapshotFile({ seed: true });
}
