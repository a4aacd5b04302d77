import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/layout/ComingSoon';

export const Route = createFileRoute('/admin/settings')({
  component: Page,
});

function Page() {
  return <ComingSoon title="Settings">Service-wide settings.</ComingSoon>;
}
