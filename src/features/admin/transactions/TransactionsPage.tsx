import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { ADMIN_PAGE_SIZE, adminApi } from '../api';
import { formatCents, formatDateTime, formatNumber } from '../format';
import { PageHeader, StateMessage } from '../PageHeader';

const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase';
const td = 'px-4 py-3 align-middle';

const ORDER_BADGE: Record<string, BadgeVariant> = {
  completed: 'success',
  pending: 'secondary',
  created: 'outline',
  denied: 'destructive',
  review: 'destructive',
  refunded: 'secondary',
  reversed: 'destructive',
};

type Tab = 'orders' | 'ledger';

const GENERATION_REFERENCE =
  /^(?:generation|refund):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** A conversion's charge or refund links to that conversion's details; other references are plain text. */
function LedgerReference({ reference, createdBy }: { reference: string | null; createdBy: string | null }) {
  const id = reference ? GENERATION_REFERENCE.exec(reference)?.[1] : undefined;
  if (id) {
    return (
      <Link to="/admin/generations/$id" params={{ id }} className="text-primary hover:underline">
        {reference}
      </Link>
    );
  }
  return <>{reference ?? (createdBy ? `by ${createdBy}` : '-')}</>;
}

/** Payment orders and credit-ledger rows, newest first, a page at a time (admins read both through RLS). */
export function TransactionsPage() {
  const [tab, setTab] = useState<Tab>('orders');
  const [page, setPage] = useState({ orders: 0, ledger: 0 });
  const offset = page[tab] * ADMIN_PAGE_SIZE;
  const orders = useQuery({
    queryKey: ['admin', 'orders', offset],
    queryFn: () => adminApi.orders(offset),
    enabled: tab === 'orders',
    placeholderData: keepPreviousData,
  });
  const ledger = useQuery({
    queryKey: ['admin', 'ledger', offset],
    queryFn: () => adminApi.ledger(offset),
    enabled: tab === 'ledger',
    placeholderData: keepPreviousData,
  });
  const current = tab === 'orders' ? orders : ledger;
  const total = current.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));

  let body: ReactNode;
  if (current.isPending) body = <StateMessage>Loading transactions...</StateMessage>;
  else if (current.isError)
    body = (
      <StateMessage tone="error">
        Failed to load transactions. Please try again.
        <Button variant="outline" size="sm" onClick={() => void current.refetch()}>
          Retry
        </Button>
      </StateMessage>
    );
  else if (total === 0)
    body = (
      <StateMessage>{tab === 'orders' ? 'No payment orders yet.' : 'No credit changes yet.'}</StateMessage>
    );
  else if (tab === 'orders')
    body = (
      <table className="w-full min-w-[56rem] text-sm">
        <thead className="border-b border-border bg-muted/40">
          <tr>
            <th className={th}>Date</th>
            <th className={th}>Account</th>
            <th className={th}>Pack</th>
            <th className={th}>Credits</th>
            <th className={th}>Amount</th>
            <th className={th}>Provider</th>
            <th className={th}>Status</th>
          </tr>
        </thead>
        <tbody>
          {orders.data?.orders.map((o) => (
            <tr key={o.id} className="border-b border-border last:border-0">
              <td className={`${td} whitespace-nowrap text-muted-foreground`}>
                {formatDateTime(o.createdAt)}
              </td>
              <td className={td}>
                {o.email ?? <span className="text-muted-foreground">deleted account</span>}
              </td>
              <td className={`${td} capitalize`}>{o.pack}</td>
              <td className={`${td} tabular-nums`}>{formatNumber(o.credits)}</td>
              <td className={`${td} tabular-nums`}>{formatCents(o.amountCents, o.currency)}</td>
              <td className={`${td} capitalize`}>{o.provider}</td>
              <td className={td} title={o.statusDetail ?? undefined}>
                <Badge variant={ORDER_BADGE[o.status] ?? 'outline'} className="capitalize">
                  {o.status}
                </Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  else
    body = (
      <table className="w-full min-w-[56rem] text-sm">
        <thead className="border-b border-border bg-muted/40">
          <tr>
            <th className={th}>Date</th>
            <th className={th}>Account</th>
            <th className={th}>Change</th>
            <th className={th}>Balance after</th>
            <th className={th}>Reason</th>
            <th className={th}>Reference / by</th>
          </tr>
        </thead>
        <tbody>
          {ledger.data?.entries.map((e) => (
            <tr key={e.id} className="border-b border-border last:border-0">
              <td className={`${td} whitespace-nowrap text-muted-foreground`}>
                {formatDateTime(e.createdAt)}
              </td>
              <td className={td}>
                {e.email ?? <span className="text-muted-foreground">deleted account</span>}
              </td>
              <td
                className={cn(
                  td,
                  'font-semibold tabular-nums',
                  e.delta > 0 ? 'text-success' : 'text-destructive',
                )}
              >
                {e.delta > 0 ? '+' : '−'}
                {formatNumber(Math.abs(e.delta))}
              </td>
              <td className={`${td} tabular-nums`}>{formatNumber(e.balanceAfter)}</td>
              <td className={`${td} capitalize`}>{e.reason}</td>
              <td
                className={`${td} max-w-64 truncate font-mono text-xs text-muted-foreground`}
                title={e.reference ?? ''}
              >
                <LedgerReference reference={e.reference} createdBy={e.createdBy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Transactions"
        description="Every purchase and every credit movement, newest first."
      />
      <div
        role="tablist"
        aria-label="Transactions"
        className="flex gap-1.5 self-start rounded-2xl border border-border bg-card p-1.5"
      >
        {(
          [
            ['orders', 'Payment orders'],
            ['ledger', 'Credit ledger'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            onClick={() => setTab(value)}
            className={cn(
              'cursor-pointer rounded-xl px-3.5 py-1.5 text-sm font-medium transition-colors',
              tab === value
                ? 'bg-primary-strong text-primary-foreground shadow-sm'
                : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <Card className="overflow-hidden">
        <div className="overflow-x-auto">{body}</div>
        {total > 0 ? (
          <div className="flex items-center justify-between gap-3 border-t border-border p-4 text-xs text-muted-foreground">
            <span>
              Page {page[tab] + 1} of {pages} · {formatNumber(total)} in all
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page[tab] === 0 || current.isFetching}
                onClick={() => setPage((p) => ({ ...p, [tab]: p[tab] - 1 }))}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page[tab] + 1 >= pages || current.isFetching}
                onClick={() => setPage((p) => ({ ...p, [tab]: p[tab] + 1 }))}
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
