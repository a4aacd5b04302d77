import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/LegalPage';
import { PRIVACY } from '../features/legal/privacy';

export const Route = createFileRoute('/privacy')({
  component: () => <LegalPage doc={PRIVACY} />,
});
