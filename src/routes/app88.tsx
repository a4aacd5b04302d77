import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/app88')({
  component: Page,
});

function Page() {
  return <ComingSoon title="Studio">This studio variant is being prepared.</ComingSoon>;
}
