import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify } from '../../../components/ui/toaster';
import { type AdminUserPage, adminApi } from '../api';
import type { AdminUser } from '../normalise';
import { USERS_TEXT } from './texts';

/**
 * The admin user list (SPEC §4 "Admin users list"): pages of 20 appended, the next offset being the number
 * of users loaded; search runs on the server over every account. One cache entry per search, so an answer
 * to an older query never lands in the newer list.
 */
export function useAdminUsers(query: string) {
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'users', query] as const;
  const list = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => adminApi.users(pageParam, query),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.users.length, 0);
      return last.users.length > 0 && loaded < last.matching ? loaded : undefined;
    },
    retry: false,
    // Admins act on what they see: a list does not refresh itself under their hands.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (list.error) notify(USERS_TEXT.loadToast, { variant: 'destructive' });
  }, [list.error]);

  /** Changes the loaded pages in place (an edit or a delete), keeping the counts consistent. */
  const update = (change: (page: AdminUserPage) => AdminUserPage) =>
    queryClient.setQueryData<InfiniteData<AdminUserPage, number>>(queryKey, (data) =>
      data ? { ...data, pages: data.pages.map(change) } : data,
    );

  const pages = list.data?.pages ?? [];
  const users = pages.flatMap((page) => page.users);
  const last = pages.at(-1);
  return {
    users,
    total: last?.total ?? 0,
    matching: last?.matching ?? 0,
    loading: list.isFetching,
    error: list.error ? list.error.message : null,
    hasMore: list.hasNextPage,
    /** Resets paging and loads the first page again. */
    refresh: () => queryClient.resetQueries({ queryKey }),
    loadMore: () => list.fetchNextPage(),
    replace: (user: AdminUser) =>
      update((page) => ({ ...page, users: page.users.map((u) => (u.id === user.id ? user : u)) })),
    remove: (id: string) => {
      const found = users.some((u) => u.id === id);
      update((page) => ({
        users: page.users.filter((u) => u.id !== id),
        total: found ? Math.max(0, page.total - 1) : page.total,
        matching: found ? Math.max(0, page.matching - 1) : page.matching,
      }));
    },
  };
}
