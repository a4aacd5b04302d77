import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/company/AboutPage';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});
