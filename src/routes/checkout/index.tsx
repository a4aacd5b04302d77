import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/layout/ComingSoon';
import { findPack } from '../../features/credits/packs';

export interface CheckoutSearch {
  pack?: string;
}

export const Route = createFileRoute('/checkout/')({
  // Unknown packs are ignored (SPEC §2): the page falls back to its default.
  validateSearch: (search: Record<string, unknown>): CheckoutSearch =>
    typeof search.pack === 'string' && findPack(search.pack) ? { pack: search.pack.toLowerCase() } : {},
  component: Page,
});

function Page() {
  const { pack } = Route.useSearch();
  const chosen = findPack(pack ?? 'professional');
  return (
    <ComingSoon title="Get More Credits">
      {chosen
        ? `You picked the ${chosen.name} pack: ${chosen.credits.toLocaleString('en-US')} credits for €${chosen.price}. Secure checkout opens here very soon.`
        : 'Secure checkout opens here very soon.'}
    </ComingSoon>
  );
}
