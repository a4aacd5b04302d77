import { createFileRoute } from '@tanstack/react-router';
import { GenerationsPage } from '../../features/admin/generations/GenerationsPage';

export const Route = createFileRoute('/admin/generations/')({
  component: GenerationsPage,
});
