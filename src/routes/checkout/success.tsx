import { createFileRoute } from '@tanstack/react-router';
import { SuccessPage } from '../../features/payments/SuccessPage';

export interface SuccessSearch {
  credits?: number;
}

export const Route = createFileRoute('/checkout/success')({
  validateSearch: (search: Record<string, unknown>): SuccessSearch => {
    const n = Number(search.credits);
    return Number.isSafeInteger(n) && n > 0 ? { credits: n } : {};
  },
  component: Page,
});

function Page() {
  const { credits } = Route.useSearch();
  return <SuccessPage credits={credits} />;
}
