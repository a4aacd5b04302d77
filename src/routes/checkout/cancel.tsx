import { createFileRoute } from '@tanstack/react-router';
import { CancelPage } from '../../features/payments/CancelPage';

export const Route = createFileRoute('/checkout/cancel')({
  component: CancelPage,
});
