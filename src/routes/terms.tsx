import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/LegalPage';
import { TERMS } from '../features/legal/terms';

export const Route = createFileRoute('/terms')({
  component: () => <LegalPage doc={TERMS} />,
});
