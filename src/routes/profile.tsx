import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/profile')({
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="Profile Dashboard">
      Your balance, your models and your account settings will live here.
    </ComingSoon>
  );
}
