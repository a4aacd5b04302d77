import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/layout/ComingSoon';

export const Route = createFileRoute('/checkout/cancel')({
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="Payment cancelled">
      No charges were made. You can pick a pack again whenever you are ready.
    </ComingSoon>
  );
}
