import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/layout/ComingSoon';

export const Route = createFileRoute('/admin/users')({
  component: Page,
});

function Page() {
  return <ComingSoon title="Users">Manage accounts, roles and credit balances.</ComingSoon>;
}
