import { createFileRoute } from '@tanstack/react-router';
import { GenerationDetailsPage } from '../../features/admin/generations/GenerationDetailsPage';

export const Route = createFileRoute('/admin/generations/$id')({
  component: function AdminGeneration() {
    const { id } = Route.useParams();
    return <GenerationDetailsPage id={id} />;
  },
});
