import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { NotFound } from './components/layout/NotFound';
import { routeTree } from './routeTree.gen';

// TanStack Query's defaults are the spec's numbers (5 min cache, 3 retries with backoff capped at 30 s).
export const queryClient = new QueryClient();

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFound,
  // ScrollToTop owns scrolling (100 ms after a route change); hash links are left to the browser.
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
