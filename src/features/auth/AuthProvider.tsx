import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { User } from '../../lib/api';
import { AUTH_STORAGE_KEY, getSupabase, hasStoredSession, hasTabOnlySession } from '../../lib/supabase';
import { AuthContext, type AuthContextValue } from './context';
import { fetchUser } from './session';
import { readStoredUser, USER_STORAGE_KEY, writeStoredUser } from './storage';

/** Holds the session: the cached user (localStorage `user`), the loading flag and the sign-in dialog state. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const [signInOpen, setSignInOpen] = useState(false);
  const userRef = useRef<User | null>(null);
  userRef.current = user;

  const setUser = useCallback((next: User | null) => {
    writeStoredUser(next);
    setUserState(next);
  }, []);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => {};
    const cached = readStoredUser();
    // A cached user without a session (expired, or not remembered past the browser session) is stale.
    if (cached && !hasStoredSession()) writeStoredUser(null);
    setUserState(cached && hasStoredSession() ? cached : null);
    setLoading(false);
    // The cached copy is only a first paint: an admin may have renamed the user or changed the credits
    // meanwhile, so every page load shows the server's version (the header's name, the balance).
    if (cached && hasStoredSession()) {
      fetchUser(cached.id).then(
        (fresh) => {
          if (!cancelled && userRef.current?.id === fresh.id) setUser(fresh);
        },
        (err: unknown) =>
          console.error('auth: refreshing the user failed:', err instanceof Error ? err.message : err),
      );
    }
    if (hasStoredSession()) {
      void getSupabase()
        .then((client) => {
          if (cancelled) return;
          const { data } = client.auth.onAuthStateChange((event, session) => {
            // supabase-js gave up the session (refresh token revoked, signed out in another tab).
            if (event === 'SIGNED_OUT' || (event === 'INITIAL_SESSION' && !session)) {
              if (userRef.current) setUser(null);
            }
          });
          unsubscribe = () => data.subscription.unsubscribe();
        })
        .catch((err: unknown) => console.error('auth: could not restore the session:', err));
    }
    // Another tab signed in or out. The cached user is shared by every tab, a session not remembered is
    // not: a tab without a session never shows the user another tab wrote, and a new tab that dropped the
    // cache as stale does not sign out this tab's own session (it writes the cache back instead).
    const onStorage = (e: StorageEvent) => {
      if (e.key !== USER_STORAGE_KEY && e.key !== AUTH_STORAGE_KEY && e.key !== null) return;
      if (!hasStoredSession()) {
        setUserState(null);
        return;
      }
      const stored = readStoredUser();
      if (stored) setUserState(stored);
      else if (userRef.current && hasTabOnlySession()) writeStoredUser(userRef.current);
      else setUserState(null);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      cancelled = true;
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [setUser]);

  const refreshUser = useCallback(async () => {
    const current = userRef.current;
    if (!current) return;
    try {
      const fresh = await fetchUser(current.id);
      // Signed out meanwhile: do not bring the user back.
      if (userRef.current?.id === fresh.id) setUser(fresh);
    } catch (err) {
      console.error('auth: refreshing the user failed:', err instanceof Error ? err.message : err);
    }
  }, [setUser]);

  // Back to a tab left open: show what changed meanwhile (SPEC §4 refreshes the profile the same way).
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUser();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refreshUser]);

  const signOut = useCallback(async () => {
    writeStoredUser(null);
    setUserState(null);
    if (hasStoredSession()) {
      const client = await getSupabase();
      const { error } = await client.auth.signOut();
      if (error) throw new Error(`auth: sign-out failed: ${error.message}`);
    }
  }, []);

  const [signInStaysOnPage, setSignInStaysOnPage] = useState(false);
  const openSignIn = useCallback((options?: unknown) => {
    // Called directly as an onClick handler too: only a real options object may change where sign-in ends.
    const stay = typeof options === 'object' && options !== null && 'stayOnPage' in options;
    setSignInStaysOnPage(stay && (options as { stayOnPage?: boolean }).stayOnPage === true);
    setSignInOpen(true);
  }, []);
  const closeSignIn = useCallback(() => setSignInOpen(false), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      setUser,
      refreshUser,
      signOut,
      openSignIn,
      signInOpen,
      signInStaysOnPage,
      closeSignIn,
    }),
    [user, loading, setUser, refreshUser, signOut, openSignIn, signInOpen, signInStaysOnPage, closeSignIn],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
