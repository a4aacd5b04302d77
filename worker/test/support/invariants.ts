/**
 * What must hold after any fault, checked against the database and the storage folder: every generation
 * ended (completed, or failed and refunded), at most one refund per charge and exactly one per failed paid
 * generation, balances equal their ledger sums, no file in storage that no generation or unexpired upload
 * owns (see orphanFiles), no job left
 * locked. Returns the violations (empty when all hold) so a test can show them all at once.
 */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type postgres from 'postgres';

export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) await walk(path);
      else out.push(relative(dir, path));
    }
  };
  await walk(dir);
  return out;
}

/**
 * The files of a storage folder that nothing owns. Owned: a live generation's input, views and outputs, and
 * a direct upload nobody claimed yet while its URL works or within the sweep's grace period after that
 * (UPLOAD_SWEEP_GRACE_SECONDS, 3600 by default). An unclaimed upload past its grace is an orphan: the
 * worker's upload_sweep should have deleted it.
 */
export async function orphanFiles(
  sql: postgres.Sql,
  files: string[],
  uploadGraceSeconds = 3600,
): Promise<string[]> {
  const owned = new Set<string>();
  for (const g of await sql`select input_key, outputs from public.generations where deleted_at is null`) {
    owned.add(g.input_key);
    for (const o of Object.values(g.outputs as Record<string, { key: string }>)) owned.add(o.key);
  }
  for (const v of await sql`select v.input_key from public.generation_views v
                              join public.generations g on g.id = v.generation_id where g.deleted_at is null`) {
    owned.add(v.input_key);
  }
  for (const u of await sql`select key from public.direct_uploads
                             where claimed_at is null and swept_at is null
                               and expires_at + make_interval(secs => ${uploadGraceSeconds}) >= now()`) {
    owned.add(u.key);
  }
  const problems: string[] = [];
  for (const file of files) {
    // Disk storage keeps each file's content type beside it in `<key>.type`.
    const key = file.endsWith('.type') ? file.slice(0, -'.type'.length) : file;
    if (!owned.has(key)) problems.push(`orphan file in storage: ${file}`);
  }
  return problems;
}

export async function checkInvariants(
  sql: postgres.Sql,
  storageDir: string,
  options: { uploadGraceSeconds?: number } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const unfinished = await sql`select id, status, stage from public.generations
                                where status not in ('completed', 'failed') and deleted_at is null`;
  for (const g of unfinished) problems.push(`generation ${g.id} is still ${g.status} (${g.stage})`);

  const doubled = await sql`select reference, count(*)::int as n from public.credit_ledger
                             where reason = 'refund' group by reference having count(*) > 1`;
  for (const r of doubled) problems.push(`${r.reference} refunded ${r.n} times`);
  const unrefunded = await sql`
    select g.id from public.generations g
     where g.status = 'failed' and g.cost > 0
       and not exists (select 1 from public.credit_ledger l where l.reference = 'refund:' || g.id)`;
  for (const g of unrefunded) problems.push(`failed generation ${g.id} was not refunded`);
  const refundedCompleted = await sql`
    select g.id from public.generations g join public.credit_ledger l on l.reference = 'refund:' || g.id
     where g.status = 'completed'`;
  for (const g of refundedCompleted) problems.push(`completed generation ${g.id} was refunded`);
  const charges = await sql`select reference, count(*)::int as n from public.credit_ledger
                             where reason = 'generation' group by reference having count(*) > 1`;
  for (const c of charges) problems.push(`${c.reference} charged ${c.n} times`);

  const balances = await sql`
    select p.id, p.credits, coalesce(sum(l.delta), 0)::int as ledger
      from public.profiles p left join public.credit_ledger l on l.user_id = p.id
     group by p.id, p.credits having p.credits <> coalesce(sum(l.delta), 0)`;
  for (const b of balances)
    problems.push(`user ${b.id} has ${b.credits} credits but a ledger sum of ${b.ledger}`);

  const locked =
    await sql`select id, task_identifier, locked_by from graphile_worker.jobs where locked_by is not null`;
  for (const j of locked)
    problems.push(`job ${j.id} (${j.task_identifier}) is still locked by ${j.locked_by}`);

  problems.push(...(await orphanFiles(sql, await filesUnder(storageDir), options.uploadGraceSeconds)));
  return problems;
}

/**
 * The invariants once the system has settled: a worker marks its queue job done a moment after the
 * generation row says completed, so a check made at once can see the job still locked. Checks again until
 * nothing is violated or `timeoutMs` passes, and returns what is still violated then.
 */
export async function settledInvariants(
  check: () => Promise<string[]>,
  timeoutMs = 60_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const problems = await check();
    if (problems.length === 0 || Date.now() > deadline) return problems;
    await new Promise((r) => setTimeout(r, 500));
  }
}
