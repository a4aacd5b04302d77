import { createFileRoute } from '@tanstack/react-router';
import { ApiDocsPage } from '../features/developers/ApiDocsPage';

export const Route = createFileRoute('/docs/api')({
  component: ApiDocsPage,
});
