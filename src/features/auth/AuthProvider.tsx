import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { User } from '../../lib/api';
import { getSupabase, hasStoredSession } from '../../lib/supabase';
import { AuthContext, type AuthContextValue } from './context';
import { readStoredUser, USER_STORAGE_KEY, writeStoredUser } from './storage';

/** Holds the session: the cached user (localStorage `user`), the loading flag and the sign-in dialog state. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const [signInOpen, setSignInOpen] = useState(false);

  useEffect(() => {
    setUserState(readStoredUser());
    setLoading(false);
    // Another tab signed in or out.
    const onStorage = (e: StorageEvent) => {
      if (e.key === USER_STORAGE_KEY || e.key === null) setUserState(readStoredUser());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setUser = useCallback((next: User | null) => {
    writeStoredUser(next);
    setUserState(next);
  }, []);

  const signOut = useCallback(async () => {
    writeStoredUser(null);
    setUserState(null);
    if (hasStoredSession()) {
      const client = await getSupabase();
      const { error } = await client.auth.signOut();
      if (error) throw new Error(`auth: sign-out failed: ${error.message}`);
    }
  }, []);

  const openSignIn = useCallback(() => setSignInOpen(true), []);
  const closeSignIn = useCallback(() => setSignInOpen(false), []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, setUser, signOut, openSignIn, signInOpen, closeSignIn }),
    [user, loading, setUser, signOut, openSignIn, signInOpen, closeSignIn],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
