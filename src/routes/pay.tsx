import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/pay')({
  component: Page,
});

function Page() {
  return <ComingSoon title="Card payment">The secure card form is being prepared.</ComingSoon>;
}
