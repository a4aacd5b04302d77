import type { ActivityEntry } from '@lift3d/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { ActivityEntry };

/** The account's recorded events (`GET /api/users/:id/activity`), newest first. */
export function useActivity(userId: string) {
  return useQuery({
    queryKey: ['activity', userId],
    queryFn: () => api.call('activity', { params: { id: userId } }),
  });
}
