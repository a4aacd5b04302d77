import { createFileRoute } from '@tanstack/react-router';
import { Studio } from '../features/studio/Studio';
import { STUDIO_VARIANTS } from '../features/studio/variants';

export const Route = createFileRoute('/app')({
  component: Page,
});

function Page() {
  return <Studio variant={STUDIO_VARIANTS.app} />;
}
