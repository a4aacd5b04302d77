import { createFileRoute } from '@tanstack/react-router';
import { COOKIES } from '../features/legal/cookies';
import { LegalPage } from '../features/legal/LegalPage';

export const Route = createFileRoute('/cookies')({
  component: () => <LegalPage doc={COOKIES} />,
});
