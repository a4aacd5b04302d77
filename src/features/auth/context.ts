import { createContext, useContext } from 'react';
import type { User } from '../../lib/api';

interface SignInOptions {
  stayOnPage?: boolean;
}

export interface AuthContextValue {
  user: User | null;
  /** True until the stored session has been read at start. */
  loading: boolean;
  /** Replaces the signed-in user (and its cached copy). */
  setUser: (user: User | null) => void;
  /** Re-fetches the signed-in user by id; a failure is only logged (SPEC §4 "Session"). */
  refreshUser: () => Promise<void>;
  /** Clears the session everywhere; callers navigate afterwards. */
  signOut: () => Promise<void>;
  /**
   * Opens the sign-in dialog. Afterwards the app goes to the studio (SPEC), unless `stayOnPage` is set:
   * then the user stays where they were (checkout keeps the chosen pack). Safe as an onClick handler.
   */
  openSignIn: (options?: SignInOptions | unknown) => void;
  /** Whether the sign-in dialog is open; `AuthDialogs` (inside the router) renders it. */
  signInOpen: boolean;
  /** Whether the open dialog leaves the user on the current page after signing in. */
  signInStaysOnPage: boolean;
  closeSignIn: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('auth: useAuth() must be used inside <AuthProvider>');
  return value;
}
