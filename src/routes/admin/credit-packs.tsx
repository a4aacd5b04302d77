import { createFileRoute } from '@tanstack/react-router';
import { CreditPacksPage } from '../../features/admin/packs/CreditPacksPage';

export const Route = createFileRoute('/admin/credit-packs')({
  component: CreditPacksPage,
});
