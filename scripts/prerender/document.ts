/** One prerendered page's document: the built index.html with the page's markup and title in place. */

const ROOT = '<div id="root"></div>';
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;
const TITLE = /<title>[^<]*<\/title>/;
/** The stylesheet link Vite writes into the template (one: the app has a single CSS entry). */
const STYLESHEET = /<link rel="stylesheet"([^>]*) href="([^"]+\.css)">/;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

class PrerenderError extends Error {
  override name = 'PrerenderError';
}

export function pageDocument(
  template: string,
  path: string,
  rendered: { html: string; title: string },
  options: { needsScript: boolean; criticalCss?: string },
): string {
  if (!template.includes(ROOT)) throw new PrerenderError(`prerender: the template has no ${ROOT}`);
  if (!TITLE.test(template)) throw new PrerenderError('prerender: the template has no <title>');
  // data-prerendered tells main.tsx which path this markup is, so it hydrates only that page.
  const root = `<div id="root" data-prerendered="${escapeText(path).replace(/"/g, '&quot;')}">${rendered.html}</div>`;
  let html = template.replace(TITLE, () => `<title>${escapeText(rendered.title)}</title>`);
  // Before the page goes in, so only the template's own link can match.
  if (options.criticalCss !== undefined) html = inlineCriticalCss(html, options.criticalCss);
  html = html.replace(ROOT, () => root);
  // "Needs JavaScript to run" is not true of a page that arrives as HTML.
  return options.needsScript ? html : html.replace(NOSCRIPT, '');
}

/**
 * The page's own CSS inline, and the full stylesheet fetched without holding up the first paint: a
 * stylesheet for print does not block rendering, and main.tsx switches it to all media once the app runs.
 * (The usual onload="this.media='all'" is an inline handler, which the Content-Security-Policy forbids;
 * inline <style> is allowed by its style-src.) Without JavaScript the inline CSS is all the page needs.
 */
function inlineCriticalCss(html: string, css: string): string {
  if (!STYLESHEET.test(html)) throw new PrerenderError('prerender: the template has no stylesheet link');
  if (/<\/style/i.test(css)) throw new PrerenderError('prerender: the critical CSS would close its <style>');
  return html.replace(
    STYLESHEET,
    (_, attributes: string, href: string) =>
      `<style>${css}</style>\n    <link rel="stylesheet"${attributes} href="${href}" media="print" data-deferred-stylesheet>`,
  );
}
