import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface ActivityEntry {
  kind:
    | 'account_created'
    | 'password_changed'
    | 'details_changed'
    | 'purchase'
    | 'credits_granted'
    | 'conversion';
  at: string;
  credits: number | null;
  conversion: { kind: string; status: string; cancelled: boolean } | null;
}

export interface Activity {
  passwordChangedAt: string | null;
  entries: ActivityEntry[];
}

/** The account's recorded events (`GET /api/users/:id/activity`), newest first. */
export function useActivity(userId: string) {
  return useQuery({
    queryKey: ['activity', userId],
    queryFn: () => api.get<Activity>(`/users/${encodeURIComponent(userId)}/activity`),
  });
}
