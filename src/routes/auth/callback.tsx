import { createFileRoute } from '@tanstack/react-router';
import { OAuthCallbackPage } from '../../features/auth/OAuthCallbackPage';

export const Route = createFileRoute('/auth/callback')({
  component: OAuthCallbackPage,
});
