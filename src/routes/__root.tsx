import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Footer } from '../components/layout/Footer';
import { Header } from '../components/layout/Header';
import { NotFound } from '../components/layout/NotFound';
import { STUDIO_PATHS } from '../components/layout/nav';
import { ScrollToTop } from '../components/layout/ScrollToTop';
import { Toaster } from '../components/ui/toaster';
import { AuthDialogs } from '../features/auth/AuthDialogs';
import { titleFor } from '../lib/titles';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const { pathname } = useLocation();
  // The studio and the admin area fill the viewport with their own chrome; every other page ends in the footer.
  const withFooter = !STUDIO_PATHS.includes(pathname) && !pathname.startsWith('/admin');
  useEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[200] rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {withFooter ? <Footer /> : null}
      <ScrollToTop />
      <AuthDialogs />
      <Toaster />
    </div>
  );
}
