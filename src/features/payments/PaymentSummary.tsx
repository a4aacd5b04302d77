import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LockIcon, ShieldIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import type { Payments } from '../../lib/config';
import { formatEuro, generationsText, type PackOffer } from '../credits/packs';
import { useGenerationCost } from '../credits/usePublicSettings';
import { DemoPayButton } from './DemoPayButton';

const PayPalCheckout = lazy(() => import('./PayPalCheckout'));

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? 'font-semibold' : 'text-muted-foreground'}>{label}</dt>
      <dd className={strong ? 'text-2xl font-extrabold tracking-tight' : 'font-medium'}>{value}</dd>
    </div>
  );
}

/** The sticky summary beside the packs: what is bought, the total, the payment buttons, Back to App. */
export function PaymentSummary({
  pack,
  payments,
  paypalClientId,
}: {
  pack: PackOffer;
  payments: Payments | null;
  paypalClientId: string;
}) {
  const router = useRouter();
  const cost = useGenerationCost();
  return (
    <aside
      aria-labelledby="summary-title"
      className="rounded-3xl border border-border bg-card p-6 shadow-xl shadow-primary/5 lg:sticky lg:top-24"
      data-testid="payment-summary"
    >
      <h2 id="summary-title" className="text-lg font-semibold">
        Payment Summary
      </h2>
      <dl className="mt-5 space-y-3 text-sm">
        <Row label="Package" value={pack.name} />
        <Row label="Credits" value={pack.credits.toLocaleString('en-US')} />
        <Row label="Generations" value={generationsText(pack.credits, cost)} />
        <Row label="Price" value={formatEuro(pack.price)} />
        <div className="border-t border-border pt-3">
          <Row label="Total" value={formatEuro(pack.price)} strong />
        </div>
      </dl>
      <p className="mt-4 flex items-start gap-2 rounded-xl bg-muted/60 p-3 text-xs text-muted-foreground">
        <ShieldIcon className="mt-0.5 size-4 shrink-0 text-primary" />
        Secure payment: your card details go straight to the payment provider and never touch our servers.
        Charged in euro, one time; no subscription.
      </p>
      <div className="mt-5 min-h-12">
        {payments === 'paypal' && paypalClientId ? (
          <Suspense fallback={<div className="h-12 animate-pulse rounded-xl bg-muted" />}>
            <PayPalCheckout pack={pack} clientId={paypalClientId} />
          </Suspense>
        ) : payments === 'demo' ? (
          <DemoPayButton pack={pack} />
        ) : (
          <div className="h-12 animate-pulse rounded-xl bg-muted" />
        )}
      </div>
      <Button variant="outline" className="mt-3 w-full" onClick={() => router.history.back()}>
        Back to App
      </Button>
      <p className="mt-4 flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
        <LockIcon className="size-3.5" /> Encrypted checkout · Credits never expire
      </p>
    </aside>
  );
}
