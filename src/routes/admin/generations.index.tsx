import { GENERATION_STATUSES } from '@lift3d/contract';
import { createFileRoute } from '@tanstack/react-router';
import type { AdminStatus } from '../../features/admin/api';
import { GenerationsPage } from '../../features/admin/generations/GenerationsPage';

interface Search {
  /** Start with this search (the users page links an account's conversions by e-mail). */
  q?: string;
  /** A status to filter by; one the page does not know is ignored (checked in the component, see below). */
  status?: string;
}

const ADMIN_STATUSES: readonly string[] = [...GENERATION_STATUSES, 'cancelled'];
const isStatus = (value: string | undefined): value is AdminStatus =>
  value !== undefined && ADMIN_STATUSES.includes(value);

// The search is checked without the contract's status list: this part of a route ships with every page,
// and the contract module would bring its schema library into the landing page's first JavaScript.
export const Route = createFileRoute('/admin/generations/')({
  validateSearch: (search: Record<string, unknown>): Search => ({
    q: typeof search.q === 'string' && search.q ? search.q.slice(0, 200) : undefined,
    status: typeof search.status === 'string' && search.status ? search.status.slice(0, 40) : undefined,
  }),
  component: function AdminGenerations() {
    const { q, status } = Route.useSearch();
    return <GenerationsPage initialQuery={q ?? ''} initialStatus={isStatus(status) ? status : ''} />;
  },
});
