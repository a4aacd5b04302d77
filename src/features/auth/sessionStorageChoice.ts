/**
 * "Remember me": where supabase-js keeps the session. Remembered sessions live in localStorage (they
 * survive closing the browser); otherwise in sessionStorage, gone with the browser session. The choice
 * itself is kept in localStorage so every tab (and the Google popup) stores the same way.
 *
 * notes: the PKCE code verifier always goes to localStorage: a password-reset link opens in a new tab,
 * which has its own sessionStorage, and must still find the verifier to finish the exchange.
 */
export const REMEMBER_KEY = 'lift3d-remember-me';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // storage disabled (private mode, sandboxed frame)
  }
}

export function rememberSession(): boolean {
  return safe(() => window.localStorage.getItem(REMEMBER_KEY) !== '0', true);
}

export function setRememberSession(remember: boolean): void {
  safe(() => window.localStorage.setItem(REMEMBER_KEY, remember ? '1' : '0'), undefined);
}

const alwaysLocal = (key: string) => key.endsWith('-code-verifier');

/** A supabase-js `storage` that follows the Remember me choice. */
export const rememberAwareStorage = {
  getItem(key: string): string | null {
    return safe(() => window.localStorage.getItem(key) ?? window.sessionStorage.getItem(key), null);
  },
  setItem(key: string, value: string): void {
    safe(() => {
      const persistent = alwaysLocal(key) || rememberSession();
      (persistent ? window.localStorage : window.sessionStorage).setItem(key, value);
      (persistent ? window.sessionStorage : window.localStorage).removeItem(key);
    }, undefined);
  },
  removeItem(key: string): void {
    safe(() => {
      window.localStorage.removeItem(key);
      window.sessionStorage.removeItem(key);
    }, undefined);
  },
};
