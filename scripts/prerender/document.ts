/** One prerendered page's document: the built index.html with the page's markup and title in place. */

const ROOT = '<div id="root"></div>';
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;
const TITLE = /<title>[^<]*<\/title>/;
/** The stylesheet link Vite writes into the template (one: the app has a single CSS entry). */
const STYLESHEET = /<link rel="stylesheet"[^>]* href="([^"]+\.css)"[^>]*>/;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

class PrerenderError extends Error {
  override name = 'PrerenderError';
}

export function pageDocument(
  template: string,
  path: string,
  rendered: { html: string; title: string },
  options: {
    needsScript: boolean;
    /** The built stylesheet's text for the template's link (its href), to put inline instead. */
    stylesheet?: (href: string) => string;
  },
): string {
  if (!template.includes(ROOT)) throw new PrerenderError(`prerender: the template has no ${ROOT}`);
  if (!TITLE.test(template)) throw new PrerenderError('prerender: the template has no <title>');
  // data-prerendered tells main.tsx which path this markup is, so it hydrates only that page.
  const root = `<div id="root" data-prerendered="${escapeText(path).replace(/"/g, '&quot;')}">${rendered.html}</div>`;
  let html = template.replace(TITLE, () => `<title>${escapeText(rendered.title)}</title>`);
  // Before the page goes in, so only the template's own link can match.
  if (options.stylesheet) html = inlineStylesheet(html, options.stylesheet);
  html = html.replace(ROOT, () => root);
  // "Needs JavaScript to run" is not true of a page that arrives as HTML.
  return options.needsScript ? html : html.replace(NOSCRIPT, '');
}

/**
 * The whole stylesheet inside the page instead of linked: the first paint no longer waits for a second
 * request after the HTML (on Lighthouse's simulated phone network it waited 2.3 s, the stylesheet sharing
 * the line with the scripts). All of it rather than the page's own rules: a page that loaded a subset and
 * then the full sheet would restyle every element again, a long task right after the first paint. It is
 * 16 KB gzipped; the other pages the app opens from here need no other CSS. The Content-Security-Policy's
 * style-src allows inline styles (`'unsafe-inline'`), and no script is inlined.
 */
function inlineStylesheet(html: string, stylesheet: (href: string) => string): string {
  const link = STYLESHEET.exec(html);
  if (!link) throw new PrerenderError('prerender: the template has no stylesheet link');
  const css = stylesheet(link[1]);
  if (/<\/style/i.test(css)) throw new PrerenderError('prerender: the stylesheet would close its <style>');
  return html.replace(link[0], () => `<style>${css}</style>`);
}
