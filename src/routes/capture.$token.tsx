import { createFileRoute } from '@tanstack/react-router';
import { PhoneCapturePage } from '../features/studio/capture/PhoneCapturePage';

export const Route = createFileRoute('/capture/$token')({
  component: CaptureRoute,
});

function CaptureRoute() {
  const { token } = Route.useParams();
  return <PhoneCapturePage token={token} />;
}
