/**
 * `npm run build`: the web app for any static host, in dist/.
 *
 * 1. The client build (vite.config.ts): hashed assets under dist/assets/ and the HTML template.
 * 2. A server build of src/prerender/render.tsx into a scratch folder, which renders each public page
 *    (src/prerender/pages.ts) to HTML with the same components the browser hydrates.
 * 3. dist/spa.html: the template untouched, for every other path (signed-in areas, unknown paths).
 *    dist/index.html, about.html, … docs/api.html, share.html: the template with the page inside #root.
 *    dist/_redirects: the static host's rewrites of the other routes to those shells.
 *
 * INLINE_CSS=1 puts the stylesheet inside each prerendered page instead of linking it (prerender/document.ts):
 * the first paint no longer waits for it, but on the landing the page's own layout and hydration then fall
 * after the first paint and count as blocking time; kept as a switch to measure side by side (README).
 *
 * KEEP_PRERENDER=1 keeps the server build (node_modules/.cache/lift3d-prerender) for a closer look.
 *
 * Fails (exit 1) when a page does not render: a public page that silently fell back to the empty shell
 * would pass every browser test and still lose its HTML.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { pageDocument } from './prerender/document.ts';

const DEFAULTS = {
  distDir: resolve(process.env.DIST_DIR ?? 'dist'),
  serverEntry: 'src/prerender/render.tsx',
  serverOutDir: resolve('node_modules/.cache/lift3d-prerender'),
  inlineCss: process.env.INLINE_CSS === '1',
};

/** What src/prerender/render.tsx exports (it is built by Vite, so it is typed here by hand). */
interface ServerEntry {
  renderPage(path: string): Promise<{ html: string; title: string }>;
  PRERENDERED_PAGES: readonly { path: string; file: string }[];
  SHELL_FILE: string;
  SHARE_SHELL_FILE: string;
  staticHostRewrites(): string;
}

await build({ build: { outDir: DEFAULTS.distDir } });
await build({
  logLevel: 'warn',
  build: {
    ssr: DEFAULTS.serverEntry,
    outDir: DEFAULTS.serverOutDir,
    emptyOutDir: true,
    copyPublicDir: false,
  },
});

const entry = pathToFileURL(join(DEFAULTS.serverOutDir, 'render.js')).href;
const { renderPage, PRERENDERED_PAGES, SHELL_FILE, SHARE_SHELL_FILE, staticHostRewrites } = (await import(
  entry
)) as ServerEntry;
const template = readFileSync(join(DEFAULTS.distDir, 'index.html'), 'utf8');
writeFileSync(join(DEFAULTS.distDir, SHELL_FILE), template);
for (const page of PRERENDERED_PAGES) {
  const rendered = await renderPage(page.path);
  const file = join(DEFAULTS.distDir, page.file);
  mkdirSync(dirname(file), { recursive: true });
  // The share shell still needs JavaScript to show its model; the other pages read without it.
  const needsScript = page.file === SHARE_SHELL_FILE;
  const stylesheet = DEFAULTS.inlineCss
    ? (href: string) => readFileSync(join(DEFAULTS.distDir, href.replace(/^\//, '')), 'utf8')
    : undefined;
  writeFileSync(file, pageDocument(template, page.path, rendered, { needsScript, stylesheet }));
  console.log(`prerendered ${page.path.padEnd(28)} → dist/${page.file} (${rendered.html.length} chars)`);
}
writeFileSync(join(DEFAULTS.distDir, '_redirects'), staticHostRewrites());
if (!process.env.KEEP_PRERENDER) rmSync(DEFAULTS.serverOutDir, { recursive: true, force: true });
