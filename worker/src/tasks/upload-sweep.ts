/**
 * upload_sweep (every 5 minutes, see registry.ts): deletes the objects of direct uploads that no generation
 * claimed, once their URL expired and the grace period (UPLOAD_SWEEP_GRACE_SECONDS, 1 hour) passed, and
 * marks them swept. Which rows may go is SQL's rule (take_unclaimed_uploads): never one a generation or a
 * view names. The rows stay locked in this transaction while their objects are deleted, so several workers
 * sweep different rows, a claim arriving meanwhile waits and is then refused, and a worker that dies
 * mid-way leaves the rows for the next run (deleting an object twice is not an error).
 */
import type { Functions } from '@lift3d/contract';
import type { Storage } from '@lift3d/storage';
import type { Task } from 'graphile-worker';
import type { Sql } from 'postgres';

export interface UploadSweepDeps {
  sql: Sql;
  storage: Storage;
  graceSeconds: number;
  /** Rows per transaction; a run sweeps at most `batches` of them and leaves the rest to the next run. */
  batchSize?: number;
  batches?: number;
  log?: (line: string) => void;
}

/** One sweep: the number of uploads whose objects were deleted and marked swept. */
export async function sweepUploads(deps: UploadSweepDeps): Promise<number> {
  const batchSize = deps.batchSize ?? 100;
  let swept = 0;
  for (let batch = 0; batch < (deps.batches ?? 10); batch++) {
    const done = await deps.sql.begin(async (tx) => {
      const rows = await tx<Pick<Functions<'take_unclaimed_uploads'>['Returns'][number], 'key'>[]>`
        select key from public.take_unclaimed_uploads(${deps.graceSeconds}, ${batchSize})`;
      const keys = rows.flatMap((r) => (r.key ? [r.key] : []));
      if (keys.length === 0) return { marked: 0, taken: 0 };
      // A failed delete throws: the transaction rolls back and the job is retried, nothing marked wrongly.
      for (const key of keys) await deps.storage.delete(key);
      const [{ marked }] = await tx<{ marked: Functions<'mark_uploads_swept'>['Returns'] }[]>`
        select public.mark_uploads_swept(${keys}::text[]) as marked`;
      return { marked: Number(marked), taken: keys.length };
    });
    swept += done.marked;
    if (done.taken < batchSize) break;
  }
  if (swept > 0) deps.log?.(`upload_sweep: deleted ${swept} unclaimed upload(s)`);
  return swept;
}

export function uploadSweepTask(deps: UploadSweepDeps): Task {
  return async () => {
    await sweepUploads(deps);
  };
}
