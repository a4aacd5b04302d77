import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/acceptable-use')({
  component: Page,
});

function Page() {
  return <ComingSoon title="Acceptable Use Policy">Our acceptable use policy is being finalised.</ComingSoon>;
}
