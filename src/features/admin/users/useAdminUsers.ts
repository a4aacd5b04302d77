import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { adminApi } from '../api';
import type { AdminUser } from '../normalise';
import { USERS_TEXT } from './texts';

/**
 * The admin user list (SPEC §4 "Admin users list"): pages of 20 appended, the offset advancing by the
 * number returned; search runs on the server over every account. Answers to an older query are dropped.
 */
export function useAdminUsers(query: string) {
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [total, setTotal] = useState(0);
  const [matching, setMatching] = useState(0);
  const [offset, setOffset] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);

  const load = useCallback(
    async (from: number, replace: boolean) => {
      const mine = ++generation.current;
      setLoading(true);
      setError(null);
      try {
        const page = await adminApi.users(from, query);
        if (mine !== generation.current) return;
        setUsers((prev) => (replace ? page.users : [...prev, ...page.users]));
        setOffset(from + page.users.length);
        setTotal(page.total);
        setMatching(page.matching);
      } catch (err) {
        if (mine !== generation.current) return;
        setError(err instanceof Error ? err.message : String(err));
        notify(USERS_TEXT.loadToast, { variant: 'destructive' });
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [query],
  );

  useEffect(() => {
    setUsers([]);
    setOffset(0);
    void load(0, true);
  }, [load]);

  return {
    users,
    total,
    matching,
    loading,
    error,
    hasMore: users.length < matching,
    /** Resets paging and loads the first page again. */
    refresh: () => {
      setUsers([]);
      setOffset(0);
      return load(0, true);
    },
    loadMore: () => load(offset, false),
    replace: (user: AdminUser) => setUsers((list) => list.map((u) => (u.id === user.id ? user : u))),
    remove: (id: string) => {
      setUsers((list) => list.filter((u) => u.id !== id));
      setOffset((o) => Math.max(0, o - 1));
      setTotal((t) => Math.max(0, t - 1));
      setMatching((m) => Math.max(0, m - 1));
    },
  };
}
