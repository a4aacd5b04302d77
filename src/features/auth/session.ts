/**
 * The session operations behind the sign-in dialog, the Google sign-in and the profile (SPEC §4
 * "Session"): authenticate with Supabase Auth, then fetch the full user by id from /api.
 */
import type { Session } from '@supabase/supabase-js';
import { api, type User } from '../../lib/api';
import { getSupabase } from '../../lib/supabase';
import { authErrorMessage } from './authErrors';
import { setRememberSession } from './sessionStorageChoice';
import { normaliseUser } from './storage';

export class AuthFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthFailure';
  }
}

export async function fetchUser(id: string): Promise<User> {
  const { user } = await api.getUser(id);
  return normaliseUser(user);
}

export async function signInWithPassword(email: string, password: string, remember: boolean): Promise<User> {
  setRememberSession(remember);
  const client = await getSupabase();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new AuthFailure(authErrorMessage(error));
  return fetchUser(data.session.user.id);
}

export async function signUp(
  name: string,
  email: string,
  password: string,
  remember: boolean,
): Promise<User> {
  setRememberSession(remember);
  const client = await getSupabase();
  const { data, error } = await client.auth.signUp({ email, password, options: { data: { name } } });
  if (error) throw new AuthFailure(authErrorMessage(error));
  if (!data.session) {
    // Supabase projects that require e-mail confirmation answer without a session.
    throw new AuthFailure('Account created. Please confirm your email address, then sign in.');
  }
  return fetchUser(data.session.user.id);
}

/** Sends the recovery e-mail; its link opens /reset-password signed in for the password change. */
export async function sendPasswordReset(email: string): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}/reset-password`,
  });
  if (error) throw new AuthFailure(authErrorMessage(error));
}

/** Adopts a session obtained elsewhere (the Google popup) and returns its user. */
export async function adoptSession(session: Pick<Session, 'access_token' | 'refresh_token'>): Promise<User> {
  const client = await getSupabase();
  const { data, error } = await client.auth.setSession({
    access_token: session.access_token,
    refresh_token: session.refresh_token,
  });
  if (error || !data.session) throw new AuthFailure(authErrorMessage(error));
  return fetchUser(data.session.user.id);
}

/**
 * Changes the password through Supabase Auth, with the current one when the account has a password
 * (Google accounts set their first one without); Supabase's policy and leaked-password check apply and
 * every other session ends. Answers the refreshed user.
 */
export async function updatePassword(next: string, current: string | null): Promise<User> {
  const client = await getSupabase();
  const { data, error } = await client.auth.updateUser(
    current === null ? { password: next } : { password: next, current_password: current },
  );
  if (error || !data.user) throw new AuthFailure(authErrorMessage(error));
  return fetchUser(data.user.id);
}

/**
 * Asks Supabase Auth to move the sign-in address: a link goes to the current and to the new address,
 * and the change applies once both were followed (they lead back to the profile).
 */
export async function requestEmailChange(email: string): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.auth.updateUser(
    { email },
    { emailRedirectTo: `${window.location.origin}/profile` },
  );
  if (error) throw new AuthFailure(authErrorMessage(error));
}
