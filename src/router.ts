import { QueryClient } from '@tanstack/react-query';
import { createAppRouter } from './create-router';

// TanStack Query's defaults are the spec's numbers (5 min cache, 3 retries with backoff capped at 30 s).
export const queryClient = new QueryClient();

export const router = createAppRouter(queryClient);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
