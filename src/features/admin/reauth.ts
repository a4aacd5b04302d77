/**
 * Admin gate checks (SPEC §2 "Admin area", made real by DESIGN §1): the account's own password, checked
 * by Supabase Auth, and the account's `is_admin` flag read back from the database. Signing in again also
 * gives a fresh access token, so its `is_admin` claim matches the table.
 */
import type { User } from '../../lib/api';
import { getSupabase } from '../../lib/supabase';
import { authErrorMessage } from '../auth/authErrors';
import { AuthFailure, fetchUser } from '../auth/session';
import { setRememberSession } from '../auth/sessionStorageChoice';

export const GATE_MESSAGES = {
  incorrect: 'Incorrect password',
  notAdmin: 'This account is not an administrator.',
  emailRequired: 'Please enter your email address.',
  passwordRequired: 'Please enter your password.',
  noPassword:
    'This account has no password yet (it signs in with Google). Set one under Profile → Security, then come back.',
} as const;

export type GateResult = { ok: true; user: User } | { ok: false; user: User | null; message: string };

/** Signs in with e-mail and password (a new sign-in, or the signed-in account again) and checks the flag. */
export async function verifyAdmin(
  email: string,
  password: string,
  opts: { newSession: boolean },
): Promise<GateResult> {
  if (!email.trim()) return { ok: false, user: null, message: GATE_MESSAGES.emailRequired };
  if (!password) return { ok: false, user: null, message: GATE_MESSAGES.passwordRequired };
  // A new admin sign-in lasts for the browser session only; a re-check keeps the user's own choice.
  if (opts.newSession) setRememberSession(false);
  const client = await getSupabase();
  const { data, error } = await client.auth.signInWithPassword({ email: email.trim(), password });
  if (error || !data.session) {
    const code = (error as { code?: string } | null)?.code;
    if (code === 'invalid_credentials' || (error as { status?: number } | null)?.status === 400) {
      return { ok: false, user: null, message: GATE_MESSAGES.incorrect };
    }
    throw new AuthFailure(authErrorMessage(error));
  }
  const user = await fetchUser(data.session.user.id);
  if (!user.is_admin) return { ok: false, user, message: GATE_MESSAGES.notAdmin };
  return { ok: true, user };
}
