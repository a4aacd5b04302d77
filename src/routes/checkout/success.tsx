import { createFileRoute } from '@tanstack/react-router';
import { SuccessPage } from '../../features/payments/SuccessPage';

export interface SuccessSearch {
  /** The provider's order id; what the page says about it comes from the server, never from the URL. */
  order?: string;
  provider?: 'demo' | 'paypal';
}

export const Route = createFileRoute('/checkout/success')({
  validateSearch: (search: Record<string, unknown>): SuccessSearch => {
    const order = typeof search.order === 'string' && search.order.length <= 64 ? search.order : undefined;
    const provider = search.provider === 'paypal' || search.provider === 'demo' ? search.provider : undefined;
    return order && provider ? { order, provider } : {};
  },
  component: Page,
});

function Page() {
  const { order, provider } = Route.useSearch();
  return <SuccessPage order={order && provider ? { id: order, provider } : undefined} />;
}
