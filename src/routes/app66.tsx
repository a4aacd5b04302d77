import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/app66')({
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="Studio (App66)">
      A free preview of the studio. No credits required on App66 once it opens.
    </ComingSoon>
  );
}
