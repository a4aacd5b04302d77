import { GENERATION_STATUSES } from '@lift3d/contract';
import { createFileRoute } from '@tanstack/react-router';
import type { AdminStatus } from '../../features/admin/api';
import { GenerationsPage } from '../../features/admin/generations/GenerationsPage';

interface Search {
  /** Start with this search (the users page links an account's conversions by e-mail). */
  q?: string;
  status?: AdminStatus;
}

export const Route = createFileRoute('/admin/generations/')({
  validateSearch: (search: Record<string, unknown>): Search => ({
    q: typeof search.q === 'string' && search.q ? search.q.slice(0, 200) : undefined,
    status: ([...GENERATION_STATUSES, 'cancelled'] as readonly unknown[]).includes(search.status)
      ? (search.status as AdminStatus)
      : undefined,
  }),
  component: function AdminGenerations() {
    const { q, status } = Route.useSearch();
    return <GenerationsPage initialQuery={q ?? ''} initialStatus={status ?? ''} />;
  },
});
