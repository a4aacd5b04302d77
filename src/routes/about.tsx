import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/about')({
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="About Lift3D">
      The story of Lift3D and the people behind it, soon on this page.
    </ComingSoon>
  );
}
