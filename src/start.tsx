import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { takeover } from './boot/takeover';
import type { AppRouter } from './create-router';
import { isPrerenderedFor } from './prerender/pages';
import { queryClient, router } from './router';

/**
 * Starts the app on #root; resolves once it has committed its first render (a prerendered page: once React
 * has taken its markup over), so a caller can hand on what the visitor did before that (src/boot/intent.ts).
 */
export function startApp(root: HTMLElement): Promise<void> {
  return new Promise((ready) => {
    // A public page arrives as HTML rendered at build time: once its route's code is in, React takes over
    // that markup instead of drawing it again. Any other page (or HTML served for another path) renders afresh.
    if (!isPrerenderedFor(root.dataset.prerendered, window.location.pathname)) {
      createRoot(root).render(<App router={router} queryClient={queryClient} onReady={ready} />);
      return;
    }
    const taken = () => {
      takeover.end();
      ready();
    };
    const app = <App router={router} queryClient={queryClient} onReady={taken} />;
    // As on the server, the router renders no Suspense boundary of its own around the matches and the root
    // route: the boundaries must be the ones the HTML was rendered with, or React discards that HTML.
    router.ssr = { manifest: undefined };
    keepScrollPosition(router);
    takeover.begin();
    // Hydrating inside a transition lets React yield to the browser every few milliseconds instead of taking
    // the whole page over in one long task (the landing's reached 1 s on a 4x-throttled phone on a busy
    // machine, all of it blocking time); a click that arrives meanwhile makes React hydrate it first.
    void router.load().then(() => startTransition(() => void hydrateRoot(root, app)));
  });
}

/**
 * The router's first render scrolls the window to the top (or to the URL's hash), as after a navigation.
 * Over prerendered HTML the visitor may have read on before the app took over (the landing starts it only
 * on their first intent, and scrolling is one), so the page goes back to where they had it, in the same task
 * as the router's jump: nothing of it is painted. Scroll events arrive once a frame, so `kept` is the
 * visitor's last position before the router's jump.
 */
function keepScrollPosition(appRouter: AppRouter): void {
  let kept = { left: window.scrollX, top: window.scrollY };
  const track = () => {
    kept = { left: window.scrollX, top: window.scrollY };
  };
  window.addEventListener('scroll', track, { passive: true });
  // Subscribed after the router's own listener (set up with the router), so this one runs after its jump.
  const stop = appRouter.subscribe('onRendered', () => {
    stop();
    window.removeEventListener('scroll', track);
    window.scrollTo({ ...kept, behavior: 'instant' });
  });
}
