import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/contact')({
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="Contact us">
      Reach us through the contact form on the home page; we reply within 24 hours.
    </ComingSoon>
  );
}
