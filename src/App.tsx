import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import type { AppRouter } from './create-router';
import { AuthProvider } from './features/auth/AuthProvider';

/** The whole app around one router: what the browser renders and what the build prerenders are this tree. */
export function App({
  router,
  queryClient,
  onReady,
}: {
  router: AppRouter;
  queryClient: QueryClient;
  /** Called once the first render is committed (in the browser: the page answers from now on). */
  onReady?: () => void;
}) {
  // A prerendered page shows its buttons before React has taken the markup over, and a click that early does
  // nothing. This mark says the page now answers; browser tests wait for it (e2e/support/test.ts).
  useEffect(() => {
    document.documentElement.dataset.app = 'interactive';
    onReady?.();
  }, [onReady]);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
