import { createFileRoute } from '@tanstack/react-router';
import { SharePage } from '../features/share/SharePage';

export const Route = createFileRoute('/m/$slug')({
  component: SharedModelRoute,
});

function SharedModelRoute() {
  const { slug } = Route.useParams();
  return <SharePage slug={slug} />;
}
