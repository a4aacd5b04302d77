import { createFileRoute } from '@tanstack/react-router';
import { CheckoutPage } from '../../features/payments/CheckoutPage';

export interface CheckoutSearch {
  pack?: string;
}

export const Route = createFileRoute('/checkout/')({
  // Matched case-insensitively against the packs on the page; unknown values are ignored there (SPEC §2).
  validateSearch: (search: Record<string, unknown>): CheckoutSearch =>
    typeof search.pack === 'string' && search.pack.trim() ? { pack: search.pack.trim().toLowerCase() } : {},
  component: Page,
});

function Page() {
  const { pack } = Route.useSearch();
  return <CheckoutPage requestedPack={pack} />;
}
