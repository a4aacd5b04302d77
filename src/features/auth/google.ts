/**
 * Sign-in through the identity provider (SPEC §4 "Identity-provider sign-in"): Supabase Auth's Google
 * provider in the PKCE flow. Desktop opens a 600×700 popup centred on the window; mobile browsers
 * (by user agent) redirect the whole page. The popup reports back by any of four routes:
 * 1. a BroadcastChannel message `{type: 'oauth:google', success, user, session}`;
 * 2. the same message through `window.opener.postMessage`;
 * 3. a window message `{type: 'oauth:google:code', code}` whose code this window exchanges itself;
 * 4. localStorage `oauth_user` / `oauth_error`, polled every 500 ms.
 *
 * notes: the popup finishes the code exchange itself (the PKCE verifier lives in its own storage when
 * Remember me is off) and hands the session over; the opener adopts it with `setSession`. Whichever
 * route arrives first wins; the others are ignored.
 */
import type { Session } from '@supabase/supabase-js';
import type { User } from '../../lib/api';
import { getSupabase } from '../../lib/supabase';
import { authErrorMessage } from './authErrors';
import { adoptSession, fetchUser } from './session';

export const PROVIDER = 'google';
const OAUTH_CHANNEL = 'lift3d-oauth';
const OAUTH_USER_KEY = 'oauth_user';
const OAUTH_ERROR_KEY = 'oauth_error';
const GOOGLE_DEFAULTS = { width: 600, height: 700, pollMs: 500, closedGraceMs: 60_000 } as const;

export const MESSAGES = {
  exchangeFailed: 'Failed to complete Google sign-in.',
  startFailed: 'Google sign-in failed.',
  popupBlocked: 'Popup blocked. Please allow popups and try again.',
} as const;

export interface OAuthResult {
  type: `oauth:${string}`;
  success: boolean;
  user?: User;
  session?: Pick<Session, 'access_token' | 'refresh_token'>;
  error?: string;
}

export function isMobileBrowser(userAgent = navigator.userAgent): boolean {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(userAgent);
}

/** Where a full-page Google sign-in that started with "stay on this page" returns to (sessionStorage). */
export const RETURN_TO_KEY = 'lift3d-sign-in-return-to';

/**
 * Remembers this page (path and query, e.g. /checkout?pack=enterprise) for the round trip through Google,
 * or forgets an older one when the sign-in should end in the studio.
 */
export function rememberReturnTo(stayOnPage: boolean): void {
  try {
    if (stayOnPage)
      sessionStorage.setItem(RETURN_TO_KEY, `${window.location.pathname}${window.location.search}`);
    else sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    // storage disabled: the sign-in ends in the studio
  }
}

/** The remembered page (once: it is removed), if it is a path of this site; else null. */
export function takeReturnTo(): string | null {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(RETURN_TO_KEY);
    sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    return null;
  }
  // Only a local path: never another origin (//host, /\host) and never back into the callback.
  if (!path || !/^\/(?![/\\])/.test(path) || path.startsWith('/auth/')) return null;
  return path;
}

const callbackUrl = (ui: 'popup' | 'redirect') => `${window.location.origin}/auth/callback?ui=${ui}`;

/** Navigates this window to the provider (through Supabase Auth); used by mobile and by the popup. */
export async function redirectToProvider(ui: 'popup' | 'redirect'): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.auth.signInWithOAuth({
    provider: PROVIDER,
    options: { redirectTo: callbackUrl(ui) },
  });
  if (error) throw new Error(authErrorMessage(error));
}

function centredFeatures(): string {
  const { width, height } = GOOGLE_DEFAULTS;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Desktop: opens the popup (synchronously, inside the click, so blockers allow it) and resolves with the
 * signed-in user. Rejects with one of MESSAGES or the server's error.
 */
export function signInWithGooglePopup(): Promise<User> {
  const popup = window.open(`/auth/callback?ui=popup&start=${PROVIDER}`, 'lift3d-google', centredFeatures());
  if (!popup) return Promise.reject(new Error(MESSAGES.popupBlocked));
  try {
    localStorage.removeItem(OAUTH_USER_KEY);
    localStorage.removeItem(OAUTH_ERROR_KEY);
  } catch {
    // storage disabled: the message routes still work
  }

  return new Promise<User>((resolve, reject) => {
    let settled = false;
    let closedSince: number | null = null;
    const channel = 'BroadcastChannel' in window ? new BroadcastChannel(OAUTH_CHANNEL) : null;
    const finish = (outcome: () => Promise<User>) => {
      if (settled) return;
      settled = true;
      cleanup();
      if (!popup.closed) popup.close();
      outcome().then(resolve, (err: unknown) =>
        reject(new Error(err instanceof Error && err.message ? err.message : MESSAGES.exchangeFailed)),
      );
    };
    const onResult = (data: unknown) => {
      const result = data as Partial<OAuthResult> | null;
      if (!result || typeof result !== 'object') return;
      if (
        result.type === `oauth:${PROVIDER}:code` &&
        typeof (result as { code?: unknown }).code === 'string'
      ) {
        const code = (result as { code: string }).code;
        finish(async () => {
          const client = await getSupabase();
          const { data: exchanged, error } = await client.auth.exchangeCodeForSession(code);
          if (error || !exchanged.session)
            throw new Error(authErrorMessage(error) || MESSAGES.exchangeFailed);
          return fetchUser(exchanged.session.user.id);
        });
        return;
      }
      if (result.type !== `oauth:${PROVIDER}`) return;
      if (!result.success) {
        finish(() => Promise.reject(new Error(result.error || MESSAGES.exchangeFailed)));
        return;
      }
      const session = result.session;
      finish(async () => {
        if (session?.access_token && session.refresh_token) return adoptSession(session);
        if (result.user) return result.user; // a host that keeps the session server-side
        throw new Error(MESSAGES.exchangeFailed);
      });
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      onResult(event.data);
    };
    const onChannel = (event: MessageEvent) => onResult(event.data);
    const timer = window.setInterval(() => {
      try {
        const stored = localStorage.getItem(OAUTH_USER_KEY);
        const failed = localStorage.getItem(OAUTH_ERROR_KEY);
        if (stored || failed) {
          localStorage.removeItem(OAUTH_USER_KEY);
          localStorage.removeItem(OAUTH_ERROR_KEY);
          if (failed) onResult({ type: `oauth:${PROVIDER}`, success: false, error: failed });
          else onResult({ type: `oauth:${PROVIDER}`, success: true, ...JSON.parse(stored as string) });
          return;
        }
      } catch {
        // unreadable entry: wait for another route
      }
      // Closed without an answer: the person gave up, or the provider refused before coming back.
      // A provider page with a strict opener policy makes the popup *look* closed while it is still
      // in use, so give it a grace period before calling it a failure.
      if (popup.closed) {
        closedSince ??= Date.now();
        if (Date.now() - closedSince > GOOGLE_DEFAULTS.closedGraceMs)
          finish(() => Promise.reject(new Error(MESSAGES.startFailed)));
      }
    }, GOOGLE_DEFAULTS.pollMs);
    const cleanup = () => {
      window.clearInterval(timer);
      try {
        localStorage.removeItem(OAUTH_USER_KEY);
        localStorage.removeItem(OAUTH_ERROR_KEY);
      } catch {
        // storage disabled
      }
      window.removeEventListener('message', onMessage);
      channel?.removeEventListener('message', onChannel);
      channel?.close();
    };
    window.addEventListener('message', onMessage);
    channel?.addEventListener('message', onChannel);
  });
}

/** Popup side: tells the opener how it went, by every route at once (the opener takes the first). */
export function reportToOpener(result: OAuthResult): void {
  try {
    const channel = new BroadcastChannel(OAUTH_CHANNEL);
    channel.postMessage(result);
    channel.close();
  } catch {
    // no BroadcastChannel: the other routes carry it
  }
  try {
    window.opener?.postMessage(result, window.location.origin);
  } catch {
    // opener gone or cross-origin
  }
  // Storage is the last resort (no channel, opener cut off): it would otherwise leave tokens behind.
  if (typeof BroadcastChannel !== 'undefined' || window.opener) return;
  try {
    if (result.success)
      localStorage.setItem(OAUTH_USER_KEY, JSON.stringify({ user: result.user, session: result.session }));
    else localStorage.setItem(OAUTH_ERROR_KEY, result.error || MESSAGES.exchangeFailed);
  } catch {
    // storage disabled
  }
}
