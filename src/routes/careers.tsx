import { createFileRoute } from '@tanstack/react-router';
import { CareersPage } from '../features/careers/CareersPage';

export const Route = createFileRoute('/careers')({
  component: CareersPage,
});
