import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/layout/ComingSoon';

export const Route = createFileRoute('/admin/transactions')({
  component: Page,
});

function Page() {
  return <ComingSoon title="Transactions">Every purchase and credit movement, in order.</ComingSoon>;
}
