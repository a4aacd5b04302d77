/**
 * The build's server entry (`vite build --ssr`, run by scripts/build-web.ts): one public page rendered to
 * HTML from the same App, routes and components the browser runs. Nothing here runs in the browser.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from '../App';
import { createAppRouter } from '../create-router';
import { titleFor } from '../lib/titles';

import { PRERENDERED_PAGES, SHARE_SHELL_FILE, SHELL_FILE } from './pages';

export { PRERENDERED_PAGES, SHARE_SHELL_FILE, SHELL_FILE };

/** Only for resolving links while rendering: every link in the HTML stays a path on the page's own origin. */
const SITE_ORIGIN = 'https://lift3d.app';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The document title the page sets once running, so the HTML already carries it. */
  title: string;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  // Fresh per page: no query or route state carries from one page into another.
  const queryClient = new QueryClient();
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [path] }),
    origin: SITE_ORIGIN,
  });
  // Loads the route's code-split component, so the render below needs no Suspense fallback.
  await router.load();
  const leaf = router.state.matches.at(-1);
  if (!leaf || leaf.routeId === '__root__' || leaf.status !== 'success') {
    throw new Error(
      `prerender: ${path} matched ${leaf?.routeId ?? 'nothing'} (${leaf?.status ?? 'no status'})`,
    );
  }
  // One document, no streaming: React would otherwise outline a large Suspense boundary (the page inside the
  // router's) behind an inline script, which the page's CSP refuses and no-JS readers never see.
  const { prelude } = await prerenderToNodeStream(<App router={router} queryClient={queryClient} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude) html += decoder.decode(chunk as Uint8Array, { stream: true });
  html += decoder.decode();
  queryClient.clear();
  return { html, title: titleFor(path) };
}

/**
 * A static host's rewrites (`_redirects`, Netlify and Cloudflare Pages syntax): every route that is not
 * prerendered gets the empty shell, share links the share page's shell. Listed route by route rather than as
 * one catch-all, because Cloudflare Pages applies a rewrite even where a file exists.
 */
export function staticHostRewrites(): string {
  const router = createAppRouter(new QueryClient(), { history: createMemoryHistory(), origin: SITE_ORIGIN });
  const prerendered = new Set(PRERENDERED_PAGES.map((p) => p.path));
  const lines: string[] = [];
  for (const path of Object.keys(router.routesByPath).sort()) {
    if (path === '/m/$slug') {
      lines.push(`/m/:slug  /${SHARE_SHELL_FILE}  200`);
      continue;
    }
    const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (prerendered.has(bare)) continue;
    lines.push(`${bare.replace(/\$([A-Za-z_]+)/g, ':$1')}  /${SHELL_FILE}  200`);
  }
  return `${lines.join('\n')}\n`;
}
