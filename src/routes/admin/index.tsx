import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/layout/ComingSoon';

export const Route = createFileRoute('/admin/')({
  component: Page,
});

function Page() {
  return <ComingSoon title="Dashboard">Visits, sign-ups, credits and sales at a glance.</ComingSoon>;
}
