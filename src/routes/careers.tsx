import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/layout/ComingSoon';

export const Route = createFileRoute('/careers')({
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="Careers">
      We are building a small team of graphics, AI and product people. Open roles appear here soon.
    </ComingSoon>
  );
}
