import { createFileRoute } from '@tanstack/react-router';
import { parsePayParams } from '../features/payments/cardForm';
import { PayPage } from '../features/payments/PayPage';

/** Raw /pay query values (SPEC §3 "/pay query parameters"); `parsePayParams` decides what they mean. */
export interface PaySearch {
  amount?: string;
  currency?: string;
  description?: string;
  credits?: string;
  paymentLink?: string;
  order?: string;
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

export const Route = createFileRoute('/pay')({
  validateSearch: (search: Record<string, unknown>): PaySearch => ({
    amount: text(search.amount),
    currency: text(search.currency),
    description: text(search.description),
    credits: text(search.credits),
    paymentLink: text(search.paymentLink),
    order: text(search.order),
  }),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  return <PayPage params={parsePayParams(search as Record<string, unknown>)} />;
}
