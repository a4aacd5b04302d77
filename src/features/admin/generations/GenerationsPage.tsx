import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { ADMIN_PAGE_SIZE, type AdminStatus, adminApi } from '../api';
import { formatDateTime, formatNumber } from '../format';
import { SearchIcon } from '../icons';
import { PageHeader, StateMessage } from '../PageHeader';
import { conversionLabel, STATUS_BADGE, STATUS_TEXT } from './labels';

const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase';
const td = 'px-4 py-3 align-middle';
const FILTERS: Array<[AdminStatus | '', string]> = [
  ['', 'All'],
  ['queued', 'Queued'],
  ['processing', 'Processing'],
  ['completed', 'Completed'],
  ['failed', 'Failed'],
  ['cancelled', 'Cancelled'],
];

/** Every user's conversions, newest first: filter by status, search by owner or id, open one. */
export function GenerationsPage({
  initialQuery = '',
  initialStatus = '',
}: {
  initialQuery?: string;
  initialStatus?: AdminStatus | '';
}) {
  const [status, setStatus] = useState<AdminStatus | ''>(initialStatus);
  const [search, setSearch] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery.trim());
  const [page, setPage] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => {
      setQuery(search.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(t);
  }, [search]);
  const list = useQuery({
    queryKey: ['admin', 'generations', status, query, page],
    queryFn: () => adminApi.generations(page * ADMIN_PAGE_SIZE, status, query),
    placeholderData: keepPreviousData,
  });
  const matching = list.data?.matching ?? 0;
  const pages = Math.max(1, Math.ceil(matching / ADMIN_PAGE_SIZE));

  let body: ReactNode;
  if (list.isPending) body = <StateMessage>Loading conversions...</StateMessage>;
  else if (list.isError)
    body = (
      <StateMessage tone="error">
        Failed to load conversions. Please try again.
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </StateMessage>
    );
  else if (matching === 0)
    body = <StateMessage>{query || status ? 'No conversions match.' : 'No conversions yet.'}</StateMessage>;
  else
    body = (
      <table className="w-full min-w-[52rem] text-sm" data-testid="admin-generations">
        <thead className="border-b border-border bg-muted/40">
          <tr>
            <th className={th}>Date</th>
            <th className={th}>Account</th>
            <th className={th}>Conversion</th>
            <th className={th}>Photos</th>
            <th className={th}>Status</th>
            <th className={th}>Cost</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.generations.map((g) => (
            <tr
              key={g.id}
              className="border-b border-border last:border-0 hover:bg-muted/30"
              data-testid="admin-generation-row"
            >
              <td className={`${td} whitespace-nowrap`}>
                <Link
                  to="/admin/generations/$id"
                  params={{ id: g.id }}
                  className="font-medium text-primary hover:underline"
                  aria-label={`Open the conversion of ${formatDateTime(g.createdAt)} by ${g.email ?? 'a deleted account'}`}
                >
                  {formatDateTime(g.createdAt)}
                </Link>
                <div className="font-mono text-[11px] text-muted-foreground">{g.id.slice(0, 8)}</div>
              </td>
              <td className={`${td} max-w-56 truncate`} title={g.email ?? ''}>
                {g.email ?? <span className="text-muted-foreground">deleted account</span>}
              </td>
              <td className={td}>{conversionLabel(g)}</td>
              <td className={`${td} tabular-nums`}>
                {g.views.length + 1}
                {g.warnings.length ? (
                  <span className="ml-2 text-xs text-amber-700 dark:text-amber-400">warning</span>
                ) : null}
              </td>
              <td className={td}>
                <Badge variant={STATUS_BADGE[g.status]}>
                  {STATUS_TEXT[g.status]}
                  {g.status === 'processing' ? ` ${Math.round(g.progress * 100)}%` : ''}
                </Badge>
              </td>
              <td className={`${td} tabular-nums`}>{g.cost ? formatNumber(g.cost) : 'free'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Conversions"
        description="Every conversion of every user, newest first. Open one for its photos, files and costs."
      />
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-border p-4 lg:flex-row lg:items-center lg:justify-between">
          <div className="relative w-full max-w-md">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              aria-label="Search conversions"
              placeholder="Search by e-mail, name or id..."
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="pl-10"
            />
          </div>
          <fieldset aria-label="Status" className="flex flex-wrap gap-1.5">
            {FILTERS.map(([value, label]) => (
              <button
                key={label}
                type="button"
                aria-pressed={status === value}
                onClick={() => {
                  setStatus(value);
                  setPage(0);
                }}
                className={cn(
                  'cursor-pointer rounded-xl px-3 py-1.5 text-xs font-medium transition-colors',
                  status === value
                    ? 'bg-primary-strong text-primary-foreground shadow-sm'
                    : 'border border-border text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                {label}
              </button>
            ))}
          </fieldset>
        </div>
        <div className="overflow-x-auto">{body}</div>
        {matching > 0 ? (
          <div className="flex items-center justify-between gap-3 border-t border-border p-4 text-xs text-muted-foreground">
            <span>
              Page {page + 1} of {pages} · {formatNumber(matching)} in all
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page === 0 || list.isFetching}
                onClick={() => setPage((p) => p - 1)}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page + 1 >= pages || list.isFetching}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </Button>
            </div>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
