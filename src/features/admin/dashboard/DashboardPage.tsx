import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { notify } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';
import { type AnalyticsPeriod, adminApi } from '../api';
import { RefreshIcon } from '../icons';
import { PageHeader, StateMessage } from '../PageHeader';
import { BackendFigures } from './BackendFigures';
import { DashboardFigures } from './DashboardFigures';

const PERIODS: { value: AnalyticsPeriod; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'all', label: 'All' },
];

const DASHBOARD_TEXT = {
  error: 'Failed to load dashboard data. Please try again.',
  toast: 'Failed to load analytics from database.',
  empty: 'No data available',
} as const;

/** Admin dashboard (SPEC §2): period filter, loading, error with Retry, empty, figures. */
export function DashboardPage() {
  const [period, setPeriod] = useState<AnalyticsPeriod>('all');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['admin', 'analytics', period],
    queryFn: () => adminApi.analytics(period),
    // A 4xx will not get better by asking again.
    retry: (count, err) => {
      const status = (err as { status?: number }).status ?? 0;
      return count < 3 && !(status >= 400 && status < 500);
    },
  });

  useEffect(() => {
    if (query.isError) notify(DASHBOARD_TEXT.toast, { variant: 'destructive' });
  }, [query.isError]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Dashboard"
        description="Accounts, credits, visits, sales and conversions from the database."
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              void query.refetch();
              void queryClient.invalidateQueries({ queryKey: ['admin', 'backends'] });
            }}
            disabled={query.isFetching}
          >
            <RefreshIcon className={cn(query.isFetching && 'animate-spin')} />
            Refresh
          </Button>
        }
      />
      <fieldset
        aria-label="Period"
        className="flex w-full gap-1 rounded-2xl border border-border bg-card p-1.5 sm:w-auto sm:self-start"
      >
        {PERIODS.map((p) => (
          <button
            key={p.value}
            type="button"
            aria-pressed={period === p.value}
            onClick={() => setPeriod(p.value)}
            className={cn(
              'flex-1 cursor-pointer rounded-xl px-2 py-1.5 text-sm font-medium transition-colors sm:flex-none sm:px-3.5',
              period === p.value
                ? 'bg-primary-strong text-primary-foreground shadow-sm'
                : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            {p.label}
          </button>
        ))}
      </fieldset>
      {query.isPending ? (
        <Card>
          <StateMessage>
            <span className="size-6 animate-spin rounded-full border-2 border-primary border-t-transparent" />
            Loading dashboard data...
          </StateMessage>
        </Card>
      ) : query.isError ? (
        <Card>
          <StateMessage tone="error">
            {DASHBOARD_TEXT.error}
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </StateMessage>
        </Card>
      ) : !query.data ? (
        <Card>
          <StateMessage>{DASHBOARD_TEXT.empty}</StateMessage>
        </Card>
      ) : (
        <DashboardFigures analytics={query.data} period={period} />
      )}
      <BackendFigures period={period} />
    </div>
  );
}
