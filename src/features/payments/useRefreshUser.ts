import { useCallback } from 'react';
import { api } from '../../lib/api';
import { useAuth } from '../auth/context';
import { normaliseUser } from '../auth/storage';

/** Re-reads the signed-in user (and so the balance) from the api; a failure is only logged (SPEC §4). */
export function useRefreshUser(): () => Promise<number | null> {
  const { user, setUser } = useAuth();
  return useCallback(async () => {
    if (!user) return null;
    try {
      const { user: fresh } = await api.getUser(user.id);
      const next = normaliseUser(fresh);
      setUser(next);
      return next.credits;
    } catch {
      return null; // the API client has logged it
    }
  }, [user, setUser]);
}
