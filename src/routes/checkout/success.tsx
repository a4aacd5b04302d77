import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/layout/ComingSoon';

export const Route = createFileRoute('/checkout/success')({
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="Payment received">
      Thank you! Your credits appear on your profile as soon as the payment is confirmed.
    </ComingSoon>
  );
}
