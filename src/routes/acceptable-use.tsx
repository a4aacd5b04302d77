import { createFileRoute } from '@tanstack/react-router';
import { ACCEPTABLE_USE } from '../features/legal/acceptable-use';
import { LegalPage } from '../features/legal/LegalPage';

export const Route = createFileRoute('/acceptable-use')({
  component: () => <LegalPage doc={ACCEPTABLE_USE} />,
});
