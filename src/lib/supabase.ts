import type { SupabaseClient } from '@supabase/supabase-js';
import { rememberAwareStorage } from '../features/auth/sessionStorageChoice';
import { getConfig } from './config';

/**
 * The supabase-js client, built from `/config.json` on first use. The library (~50 KB gzipped) is imported
 * dynamically so the landing page never pays for it unless a session exists or the user signs in.
 */

/** Where supabase-js keeps the session (localStorage, or sessionStorage without Remember me); fixed so `hasStoredSession` can look without loading it. */
export const AUTH_STORAGE_KEY = 'lift3d-auth-token';

let pending: Promise<SupabaseClient> | null = null;

class SupabaseNotConfiguredError extends Error {
  constructor() {
    super(
      'supabase: /config.json has no supabaseAnonKey. Start the local stack (npm start) or serve a config.json.',
    );
    this.name = 'SupabaseNotConfiguredError';
  }
}

async function create(): Promise<SupabaseClient> {
  const config = await getConfig();
  if (!config.supabaseAnonKey) throw new SupabaseNotConfiguredError();
  const { createClient } = await import('@supabase/supabase-js');
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: {
      storageKey: AUTH_STORAGE_KEY,
      // localStorage or sessionStorage, following the sign-in dialog's Remember me.
      storage: rememberAwareStorage,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      flowType: 'pkce',
    },
  });
}

/** The shared client. Rejects with `SupabaseNotConfiguredError` when the host serves no anon key. */
export function getSupabase(): Promise<SupabaseClient> {
  pending ??= create().catch((err: unknown) => {
    pending = null; // let a later call retry (e.g. after the stack comes up)
    throw err;
  });
  return pending;
}

export function hasStoredSession(): boolean {
  try {
    return rememberAwareStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return false; // storage disabled (private mode, sandboxed frame): no session can exist
  }
}

/** A session not remembered: kept in this tab's sessionStorage, so no other tab can see it. */
export function hasTabOnlySession(): boolean {
  try {
    return (
      window.localStorage.getItem(AUTH_STORAGE_KEY) === null &&
      window.sessionStorage.getItem(AUTH_STORAGE_KEY) !== null
    );
  } catch {
    return false;
  }
}

/** The current access token, or null when signed out. Never loads supabase-js when no session is stored. */
export async function getAccessToken(): Promise<string | null> {
  if (!pending && !hasStoredSession()) return null;
  const config = await getConfig();
  if (!config.supabaseAnonKey) return null;
  const client = await getSupabase();
  const { data, error } = await client.auth.getSession();
  if (error) throw new Error(`supabase: could not read the session: ${error.message}`);
  return data.session?.access_token ?? null;
}
