import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/layout/ComingSoon';

export const Route = createFileRoute('/admin/credit-packs')({
  component: Page,
});

function Page() {
  return <ComingSoon title="Credit Packs">Prices, credits and availability of each pack.</ComingSoon>;
}
