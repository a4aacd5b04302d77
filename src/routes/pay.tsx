import { createFileRoute } from '@tanstack/react-router';
import { parsePayParams } from '../features/payments/cardForm';
import { PayPage } from '../features/payments/PayPage';

/** Raw /pay query values (SPEC §3 "/pay query parameters"); `parsePayParams` decides what they mean. */
export interface PaySearch {
  amount?: string | number;
  currency?: string;
  description?: string;
  credits?: string | number;
  paymentLink?: string;
  order?: string;
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
// Numbers stay numbers so the URL reads ?amount=2000 rather than a quoted string.
const numeric = (v: unknown) => (typeof v === 'number' ? v : text(v));

export const Route = createFileRoute('/pay')({
  validateSearch: (search: Record<string, unknown>): PaySearch => ({
    amount: numeric(search.amount),
    currency: text(search.currency),
    description: text(search.description),
    credits: numeric(search.credits),
    paymentLink: text(search.paymentLink),
    order: text(search.order),
  }),
  component: Page,
});

function Page() {
  const search = Route.useSearch();
  return <PayPage params={parsePayParams(search as Record<string, unknown>)} />;
}
