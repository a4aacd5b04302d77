/**
 * The public pages the build renders to HTML (landing, company, legal, API docs, the share page's shell).
 * Signed-in areas are not here: they stay client-rendered from the plain shell (SHELL_FILE).
 */
interface PrerenderedPage {
  /** The path rendered; for the share page, a stand-in slug (its shell shows no model). */
  path: string;
  /** Where the HTML goes under dist/. `/about` → `about.html`: static hosts serve `/about` from it. */
  file: string;
  /** The paths this HTML is served for. */
  serves: (pathname: string) => boolean;
}

const exact = (path: string) => (pathname: string) => pathname === path || pathname === `${path}/`;

/** The share page's shell is served for every `/m/{slug}`; its slug never shows in the HTML. */
export const SHARE_SHELL_FILE = 'share.html';
/** The empty shell every other path gets (signed-in areas, unknown paths): the app renders in the browser. */
export const SHELL_FILE = 'spa.html';

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: '/', file: 'index.html', serves: (p) => p === '/' || p === '/index.html' },
  ...['/about', '/careers', '/contact', '/terms', '/privacy', '/acceptable-use', '/cookies', '/docs/api'].map(
    (path) => ({ path, file: `${path.slice(1)}.html`, serves: exact(path) }),
  ),
  {
    path: '/m/shared-model-shell-0000',
    file: SHARE_SHELL_FILE,
    serves: (p) => /^\/m\/[^/]+\/?$/.test(p),
  },
];

/** Whether the HTML rendered for `renderedPath` (the root's data-prerendered) is the page at `pathname`. */
export function isPrerenderedFor(renderedPath: string | undefined, pathname: string): boolean {
  if (!renderedPath) return false;
  return PRERENDERED_PAGES.some((page) => page.path === renderedPath && page.serves(pathname));
}
