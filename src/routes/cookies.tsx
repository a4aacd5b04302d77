import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/cookies')({
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="Cookie Policy">
      Our cookie policy is being finalised. Lift3D uses no advertising cookies.
    </ComingSoon>
  );
}
