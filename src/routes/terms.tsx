import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/terms')({
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="Terms of Service">
      Our terms are being finalised. Questions in the meantime? Write to us from the contact page.
    </ComingSoon>
  );
}
