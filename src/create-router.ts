import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFound } from './components/layout/NotFound';
import { routeTree } from './routeTree.gen';

/**
 * The app's router. The browser has one (router.ts); the build's prerender makes one per page with a memory
 * history, so both render the same route tree with the same options and the HTML hydrates as is.
 */
export function createAppRouter(client: QueryClient, prerender?: { history: RouterHistory; origin: string }) {
  return createRouter({
    routeTree,
    // Outside a browser the router has no window to take these from.
    history: prerender?.history,
    origin: prerender?.origin,
    context: { queryClient: client },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFound,
    // ScrollToTop owns scrolling (100 ms after a route change); hash links are left to the browser.
    scrollRestoration: false,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
