/**
 * The `shot_check` job: one guided-capture shot (public.shot_checks) inspected by the engine's
 * segmentation (engine.inspect): passed, or refused with the reason the user reads under "Retake".
 * Safe to re-run: shot_check_start only takes a queued or processing check, shot_check_finish only a
 * processing one.
 */
import type { InspectProblem } from '@lift3d/engine';
import type { Storage } from '@lift3d/storage';
import type { Task } from 'graphile-worker';
import type { Sql } from 'postgres';
import { EngineJobError, type EngineRunner } from '../convert/engine-runner.ts';
import type { JobPayloads } from '../registry.ts';

export interface ShotCheckDeps {
  sql: Sql;
  storage: Storage;
  engine: EngineRunner;
  maxInputBytes?: number;
  timeoutMs?: number;
  log: (line: string) => void;
}

const SHOT_CHECK_DEFAULTS = {
  maxInputBytes: 25 * 1024 * 1024,
  timeoutMs: 60_000,
  missing: 'The photo did not arrive. Please retake it.',
  failed: 'The photo could not be checked. Please retake it.',
};

const PROBLEMS: readonly (InspectProblem | null)[] = [null, 'no_object', 'cut_off', 'too_small'];

/** The engine process's inspect report, checked: it crosses a process boundary as plain data. */
function readReport(stats: Record<string, unknown>) {
  const problem = PROBLEMS.find((p) => p === stats.problem);
  const { message } = stats;
  if (problem === undefined || !(message === null || typeof message === 'string')) {
    throw new Error(
      `shot_check: the engine answered no inspect report: ${JSON.stringify(stats).slice(0, 300)}`,
    );
  }
  return { ...stats, problem, message };
}

export function shotCheckTask(deps: ShotCheckDeps): Task {
  const o = { ...SHOT_CHECK_DEFAULTS, ...deps };
  return async (payload) => {
    const { id } = payload as JobPayloads['shot_check'];
    const [row] = await deps.sql<{ input_key: string }[]>`
      select input_key from public.shot_check_start(${id}) where id is not null`;
    if (!row) return;
    const finish = (status: string, problem: string | null, message: string | null, report: unknown) =>
      deps.sql`select public.shot_check_finish(${id}, ${status}, ${problem}, ${message},
                 ${deps.sql.json((report ?? null) as never)})`;
    const bytes = await deps.storage.getBytes(row.input_key);
    if (!bytes || bytes.byteLength > o.maxInputBytes) {
      await finish('failed', 'unreadable', o.missing, null);
      return;
    }
    const run = deps.engine.run(
      { input: bytes, topology: 'low', kind: 'model', baseName: 'shot', renderThreads: 1, inspect: true },
      () => {},
    );
    const timer = setTimeout(run.cancel, o.timeoutMs);
    try {
      const { stats } = await run.result;
      const report = readReport(stats);
      await finish(report.problem ? 'refused' : 'passed', report.problem, report.message, report);
    } catch (error) {
      if (!(error instanceof EngineJobError)) throw error;
      // An unreadable file is the photo's problem; anything else is ours.
      const unreadable = error.userFacing;
      await finish(
        'failed',
        unreadable ? 'unreadable' : 'internal',
        unreadable ? error.message : o.failed,
        null,
      );
      deps.log(`shot_check: ${id} failed: ${error.message}`);
    } finally {
      clearTimeout(timer);
    }
  };
}
