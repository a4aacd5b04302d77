/**
 * Counts the test cases of every runner without running them, so a change to how the suite runs can show that
 * nothing is tested less: `npx tsx scripts/count-tests.ts`.
 * - Vitest: `vitest list` (each case of a `.each` counts once per row).
 * - Deno (the api function): the tests each file registers, and how many run in all across the api runs.
 * - SQL rules: the files in supabase/tests and the assertions in them (each file runs on both engines).
 * - Playwright: `playwright test --list`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot as thisRepo } from '@lift3d/local/db/migrate';
import { createTestDatabase } from '@lift3d/local/testing/databases';

/** Another checkout to count (e.g. an older commit unpacked beside this one), else this one. */
const repoRoot = process.argv[2] ?? thisRepo;

const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);
// Some api test files read the database while registering their tests: give them a migrated one.
const db = await createTestDatabase('postgres');
const run = (command: string, args: string[], cwd = repoRoot) => {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', TEST_DATABASE_URL: db.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return `${result.stdout}\n${result.stderr}`;
};

function vitest(): Record<string, number> {
  const out = run(bin('vitest'), ['list', '--json']);
  const listed = JSON.parse(out.slice(out.indexOf('['), out.lastIndexOf(']') + 1)) as {
    projectName?: string;
  }[];
  const byProject: Record<string, number> = {};
  for (const entry of listed)
    byProject[entry.projectName ?? '?'] = (byProject[entry.projectName ?? '?'] ?? 0) + 1;
  return byProject;
}

/** Tests `deno test` registers in these files: a filter that matches none reports them all filtered out. */
function denoRegistered(files: string[]): number {
  const out = run(
    bin('deno'),
    ['test', '--allow-all', '--filter', '/^never matches$/', ...files],
    join(repoRoot, 'supabase/functions/api'),
  );
  const m = /\| (\d+) filtered out/.exec(out);
  if (/FAILED \|/.test(out)) throw new Error(`deno test could not load the tests:\n${out.slice(-3000)}`);
  return m ? Number(m[1]) : 0;
}

function sql() {
  const dir = join(repoRoot, 'supabase/tests');
  const files = readdirSync(dir).filter((f) => f.endsWith('.test.sql'));
  const assertions = files.reduce(
    (sum, f) => sum + (readFileSync(join(dir, f), 'utf8').match(/\btests\.assert_\w+\s*\(/g)?.length ?? 0),
    0,
  );
  return { files: files.length, assertions };
}

function playwright(): number {
  const out = run(bin('playwright'), ['test', '--list']);
  const m = /Total: (\d+) tests?/.exec(out);
  return m ? Number(m[1]) : 0;
}

const apiSuite = await import(join(repoRoot, 'local/test/support/api-suite.ts')).catch(() => null);
const POOLER_FILES = [
  'tests/pooler.test.ts',
  'tests/generations.test.ts',
  'tests/cancel.test.ts',
  'tests/idempotency.test.ts',
  'tests/payments.test.ts',
  'tests/direct-uploads-s3.test.ts',
];
const all = denoRegistered(['tests/']);
// Before the api runs were described in api-suite.ts: the whole suite on PGlite, PostgreSQL and session mode,
// and six files once more behind PgBouncer.
const runs: { files: string[] | null }[] = apiSuite?.API_RUNS ?? [
  { files: null },
  { files: null },
  { files: null },
  { files: POOLER_FILES },
];
const executions = runs.reduce((sum, r) => sum + (r.files ? denoRegistered(r.files) : all), 0);
const counts = {
  vitest: vitest(),
  deno: { registered: all, runs: runs.length, executed: executions },
  sql: sql(),
  playwright: playwright(),
};
await db.stop();
console.log(JSON.stringify(counts, null, 2));
