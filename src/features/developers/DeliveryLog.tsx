import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { type DeliveryPage, listDeliveries, resendDelivery, type WebhookDelivery } from './webhooks-api';

export const DELIVERIES_KEY = ['webhook-deliveries'] as const;

const TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

function statusOf(d: WebhookDelivery): { label: string; variant: BadgeVariant } {
  if (d.status === 'delivered') return { label: 'Delivered', variant: 'success' };
  if (d.status === 'failed') return { label: 'Failed', variant: 'destructive' };
  return { label: d.attempts > 0 ? 'Retrying' : 'Pending', variant: 'secondary' };
}

function response(d: WebhookDelivery): string {
  if (d.responseCode !== null) return String(d.responseCode);
  return d.attempts > 0 ? 'No response' : '—';
}

/** The delivery log: newest first, ten at a time, refreshed while something is still on its way. */
export function DeliveryLog({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const { data, error, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey: DELIVERIES_KEY,
    queryFn: ({ pageParam }) => listDeliveries(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last: DeliveryPage) => last.nextCursor,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.deliveries.some((d) => d.status === 'pending')) ? 1500 : false,
  });
  const resend = useMutation({
    mutationFn: resendDelivery,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
      notify('Resend Queued', { description: 'The event is on its way again.', variant: 'success' });
    },
    onError: (err) =>
      notify('Error', {
        description: err instanceof Error ? err.message : 'The resend failed. Please try again.',
        variant: 'destructive',
      }),
  });

  if (isPending) return <div className="h-16 animate-pulse rounded-xl bg-muted" />;
  if (error) {
    return (
      <p className="text-sm text-destructive">{error instanceof Error ? error.message : String(error)}</p>
    );
  }
  const rows = data.pages.flatMap((p) => p.deliveries);
  if (rows.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
        No deliveries yet. Events appear here when a conversion finishes or you send a test event.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-2xl border border-border">
        <table className="w-full min-w-[640px] text-left text-sm" aria-label="Webhook deliveries">
          <thead className="bg-muted/50 text-xs text-muted-foreground uppercase">
            <tr>
              <th className="px-4 py-3 font-semibold">Event</th>
              <th className="px-4 py-3 font-semibold">Status</th>
              <th className="px-4 py-3 font-semibold">Response</th>
              <th className="px-4 py-3 font-semibold">Time</th>
              <th className="px-4 py-3 font-semibold">Attempts</th>
              <th className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => {
              const status = statusOf(d);
              return (
                <tr key={d.id} className="border-t border-border align-top" data-testid="webhook-delivery">
                  <td className="px-4 py-3">
                    <p className="font-medium">{d.type}</p>
                    <p className="font-mono text-xs text-muted-foreground" title={d.eventId}>
                      {d.eventId.slice(0, 12)}…{d.resendOf ? ' (resend)' : ''}
                    </p>
                  </td>
                  <td className="px-4 py-3">
                    <Badge variant={status.variant}>{status.label}</Badge>
                  </td>
                  <td className="px-4 py-3">
                    <p className="font-mono">{response(d)}</p>
                    {d.error && d.status !== 'delivered' ? (
                      <p className="max-w-56 text-xs break-words text-muted-foreground">{d.error}</p>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                    {TIME.format(Date.parse(d.createdAt))}
                  </td>
                  <td className="px-4 py-3 font-mono">{d.attempts}</td>
                  <td className="px-4 py-3 text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={!enabled || d.status === 'pending' || resend.isPending}
                      onClick={() => resend.mutate(d.id)}
                      aria-label={`Resend ${d.type} ${d.eventId}`}
                    >
                      Resend
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-center"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? 'Loading…' : 'Show older deliveries'}
        </Button>
      ) : null}
    </div>
  );
}
