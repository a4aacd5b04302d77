import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from './context';

// The dialog (and Headless UI's dialog code) loads on first use, not with the landing page.
const SignInDialog = lazy(() => import('./SignInDialog'));

/** Renders the auth dialogs inside the router (they link to pages). Mounted once in the root layout. */
export function AuthDialogs() {
  const { signInOpen, closeSignIn, signInStaysOnPage } = useAuth();
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (signInOpen) setMounted(true);
  }, [signInOpen]);
  if (!mounted && !signInOpen) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog open={signInOpen} onClose={closeSignIn} stayOnPage={signInStaysOnPage} />
    </Suspense>
  );
}
