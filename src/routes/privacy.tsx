import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/privacy')({
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="Privacy Policy">
      Our privacy policy is being finalised. We never sell your images or your data.
    </ComingSoon>
  );
}
