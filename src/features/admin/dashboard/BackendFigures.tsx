import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../components/ui/card';
import { type AnalyticsPeriod, adminApi, type BackendStats } from '../api';
import { formatNumber, formatSeconds } from '../format';
import { GearIcon } from '../icons';

const BACKEND_LABELS: Record<BackendStats['backend'], string> = {
  builtin: 'Built-in engine',
  meshy: 'Meshy',
  tripo: 'Tripo',
  fal: 'fal',
};

const BACKENDS_TEXT = {
  title: 'Conversions by backend',
  error: 'Failed to load backend figures.',
  empty: 'No conversions in this period.',
} as const;

const cost = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="whitespace-nowrap text-lg font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

function BackendCard({ stats: b }: { stats: BackendStats }) {
  const label = BACKEND_LABELS[b.backend] ?? b.backend;
  return (
    <section
      aria-label={label}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-background/50 p-4"
    >
      <h3 className="text-sm font-semibold">{label}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Figure
          label="Conversions"
          value={formatNumber(b.conversions)}
          hint={`${formatNumber(b.completed)} completed`}
        />
        <Figure
          label="Failures"
          value={formatNumber(b.failed)}
          hint={
            [
              b.fellBack ? `${formatNumber(b.fellBack)} fell back to built-in` : '',
              b.cancelled ? `${formatNumber(b.cancelled)} cancelled` : '',
            ]
              .filter(Boolean)
              .join(' · ') || undefined
          }
        />
        <Figure
          label="Median time"
          value={formatSeconds(b.medianSeconds)}
          hint={
            b.medianProviderSeconds === null
              ? undefined
              : `provider ${formatSeconds(b.medianProviderSeconds)}`
          }
        />
        <Figure label="Provider cost" value={b.backend === 'builtin' ? '-' : cost.format(b.providerCost)} />
      </dl>
      {b.failureReasons?.length ? (
        <div className="flex min-w-0 flex-col gap-1">
          <h4 className="text-xs text-muted-foreground">Why the provider failed</h4>
          <ul className="flex flex-col gap-1 text-xs" data-testid="backend-failure-reasons">
            {b.failureReasons.map((r) => (
              <li key={r.reason} className="flex gap-2">
                <span className="shrink-0 tabular-nums font-semibold">{formatNumber(r.count)}×</span>
                <span className="min-w-0 break-words">{r.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** Per generation backend for the dashboard's period (issue #14): conversions, failures, median time, cost. */
export function BackendFigures({ period }: { period: AnalyticsPeriod }) {
  const query = useQuery({
    queryKey: ['admin', 'backends', period],
    queryFn: () => adminApi.backends(period),
    retry: (count, err) => {
      const status = (err as { status?: number }).status ?? 0;
      return count < 3 && !(status >= 400 && status < 500);
    },
  });
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="flex items-center gap-2.5 text-base font-semibold">
        <span className="grid size-8 place-items-center rounded-lg bg-primary/10 text-primary">
          <GearIcon className="size-4.5" />
        </span>
        {BACKENDS_TEXT.title}
      </h2>
      <div className="mt-4">
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">Loading backend figures...</p>
        ) : query.isError ? (
          <p className="text-sm text-destructive">{BACKENDS_TEXT.error}</p>
        ) : query.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{BACKENDS_TEXT.empty}</p>
        ) : (
          <div className="grid grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] gap-3">
            {query.data.map((b) => (
              <BackendCard key={b.backend} stats={b} />
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}
