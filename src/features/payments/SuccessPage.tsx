import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CheckIcon, CoinsIcon } from '../../components/icons';
import { buttonVariants } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { ApiError } from '../../lib/api';
import { useAuth } from '../auth/context';
import { fetchOrderStatus, type OrderStatus, type PaymentProvider } from './api';
import { useRefreshUser } from './useRefreshUser';

/** How long the success page shows its processing state (SPEC §9). */
const SUCCESS_DELAY_MS = 2000;

/**
 * What the page can truthfully say: the server's word on this order (credited, pending, or no such order
 * for this account), that only its buyer can see it (signed out), that the server could not be asked, or
 * nothing beyond thanks (a direct visit without an order).
 */
type Outcome =
  | { kind: 'processing' }
  | { kind: 'thanks' }
  | { kind: 'order'; order: OrderStatus }
  | { kind: 'not-found' }
  | { kind: 'signed-out' }
  | { kind: 'unreachable'; message: string };

/** /checkout/success: 2 s of 'Processing your payment...', then the toast, thanks and the order's state. */
export function SuccessPage({ order }: { order?: { id: string; provider: PaymentProvider } }) {
  const { user, loading } = useAuth();
  const refreshUser = useRefreshUser();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'processing' });
  const signedIn = user !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit, after the session is known
  useEffect(() => {
    if (loading) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      let next: Outcome = { kind: 'thanks' };
      if (order && !signedIn) next = { kind: 'signed-out' };
      else if (order) {
        try {
          next = { kind: 'order', order: await fetchOrderStatus(order.provider, order.id) };
          if (next.order.credited) await refreshUser();
        } catch (err) {
          next =
            err instanceof ApiError && err.status === 404
              ? { kind: 'not-found' }
              : {
                  kind: 'unreachable',
                  message: err instanceof Error ? err.message : 'The server did not answer.',
                };
        }
      }
      if (cancelled) return;
      setOutcome(next);
      const known = next.kind === 'order' ? next.order : null;
      const credited = known?.credited === true;
      const waiting = known !== null && isWaiting(known);
      if (next.kind === 'thanks' || credited || waiting) {
        notify(waiting ? 'Payment received' : 'Payment Successful!', {
          description: credited ? `${known.credits.toLocaleString('en-US')} credits were added.` : undefined,
          variant: waiting ? undefined : 'success',
        });
      }
    }, SUCCESS_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [loading]);

  return (
    <div className="grid min-h-[80vh] place-items-center px-4 pt-24 pb-16">
      <div className="w-full max-w-lg rounded-3xl border border-border bg-card p-8 text-center shadow-xl shadow-primary/5">
        {outcome.kind === 'processing' ? (
          <div role="status" className="flex flex-col items-center gap-4 py-8">
            <span
              className="size-12 animate-spin rounded-full border-4 border-primary/25 border-t-primary"
              aria-hidden="true"
            />
            <p className="text-lg font-medium">Processing your payment...</p>
          </div>
        ) : (
          <div className="flex flex-col items-center">
            {confirmed(outcome) ? (
              <span className="grid size-16 place-items-center rounded-full bg-success/15 text-success">
                <CheckIcon className="size-8" />
              </span>
            ) : (
              <span className="grid size-16 place-items-center rounded-full bg-muted text-muted-foreground">
                <CoinsIcon className="size-8" />
              </span>
            )}
            <h1 className="mt-5 text-3xl font-extrabold tracking-tight" data-testid="order-title">
              {titleOf(outcome)}
            </h1>
            <p className="mt-3 text-muted-foreground" data-testid="order-outcome">
              {outcomeText(outcome)}
            </p>
            {outcome.kind === 'order' ? (
              <p className="mt-5 inline-flex items-center gap-2 rounded-2xl bg-muted/70 px-4 py-2.5 text-sm">
                <CoinsIcon className="size-4 text-primary" />
                {outcome.order.credited ? 'New balance:' : 'Balance:'}{' '}
                <span className="font-semibold" data-testid="new-balance">
                  {outcome.order.balance.toLocaleString('en-US')} credits
                </span>
              </p>
            ) : null}
            <div className="mt-7 flex w-full flex-col gap-3 sm:flex-row">
              <Link
                to="/app"
                className={buttonVariants({
                  variant: 'neural',
                  size: 'lg',
                  className: 'w-full sm:w-auto sm:flex-1',
                })}
              >
                Start Creating
              </Link>
              <Link
                to="/profile"
                className={buttonVariants({
                  variant: 'outline',
                  size: 'lg',
                  className: 'w-full sm:w-auto sm:flex-1',
                })}
              >
                View Profile
              </Link>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** Only a payment the server confirmed (or a direct visit with nothing to check) gets the green check. */
function confirmed(o: Outcome): boolean {
  if (o.kind === 'thanks') return true;
  return o.kind === 'order' && (o.order.credited || isWaiting(o.order));
}

function titleOf(o: Outcome): string {
  switch (o.kind) {
    case 'not-found':
      return 'Order not found';
    case 'signed-out':
      return 'Sign in to see your order';
    case 'unreachable':
      return 'We could not check your order';
    default:
      return confirmed(o) ? 'Thank you for your purchase!' : 'About your payment';
  }
}

function outcomeText(o: Outcome): string {
  switch (o.kind) {
    case 'order':
      return describeOrder(o.order);
    case 'not-found':
      return 'No order with this number belongs to your account, so no credits were added for it.';
    case 'signed-out':
      return 'This order belongs to an account. Sign in with it to see whether it was paid and your credits were added.';
    case 'unreachable':
      return `${o.message} Your credits are safe: reload this page in a moment to see the order's state.`;
    default:
      return 'Payment Successful! Thank you for choosing Lift3D.';
  }
}

const isWaiting = (o: OrderStatus) => o.status === 'created' || o.status === 'pending';

function describeOrder(o: OrderStatus): string {
  const credits = `${o.credits.toLocaleString('en-US')} credits`;
  switch (o.status) {
    case 'completed':
      return `${credits} have been added to your account. They never expire.`;
    case 'created':
    case 'pending':
      return `Your payment is being confirmed. ${credits} will be added to your account as soon as it clears.`;
    case 'review':
      return 'Our team is reviewing this payment. No credits were added yet; we will contact you.';
    case 'denied':
      return 'This payment was declined, so no credits were added. Please try another payment method.';
    case 'refunded':
    case 'reversed':
      return `This payment was ${o.status}, so its ${credits} are no longer in your account.`;
  }
}
