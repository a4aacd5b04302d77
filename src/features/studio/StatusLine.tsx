import { cn } from '../../lib/cn';
import { percent } from './format';
import { type JobStatus, STATUS_LABELS, stageLabel } from './generation';
import type { JobState } from './state';

const dot: Record<JobStatus, string> = {
  idle: 'bg-muted-foreground/50',
  processing: 'bg-primary animate-pulse',
  completed: 'bg-success',
  error: 'bg-destructive',
  cancelled: 'bg-muted-foreground/50',
};

/** One job's status: the spec's label, then the worker's stage and percent while it runs. */
export function StatusLine({ label, job, testId }: { label: string; job: JobState; testId: string }) {
  const g = job.generation;
  const running = job.status === 'processing';
  const pct = g ? (job.status === 'completed' ? 100 : percent(g.progress)) : 0;
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId} data-status={job.status}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="text-muted-foreground">{label}</span>
        <span className="flex items-center gap-2 font-semibold">
          <span className={cn('size-2 rounded-full', dot[job.status])} aria-hidden="true" />
          <span data-testid={`${testId}-label`}>{STATUS_LABELS[job.status]}</span>
        </span>
      </div>
      {running && g ? (
        <>
          <div
            className="h-1.5 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label={`${label} progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
          >
            <div
              className="h-full rounded-full bg-neural transition-[width] duration-700"
              style={{ width: `${pct}%` }}
            />
          </div>
          <div className="flex justify-between text-xs text-muted-foreground">
            <span data-testid={`${testId}-stage`}>{stageLabel(g)}</span>
            <span className="tabular-nums">{pct}%</span>
          </div>
        </>
      ) : null}
    </div>
  );
}
