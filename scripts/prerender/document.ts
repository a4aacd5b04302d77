/** One prerendered page's document: the built index.html with the page's markup and title in place. */

const ROOT = '<div id="root"></div>';
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;
const TITLE = /<title>[^<]*<\/title>/;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

class PrerenderError extends Error {
  override name = 'PrerenderError';
}

export function pageDocument(
  template: string,
  path: string,
  rendered: { html: string; title: string },
  options: { needsScript: boolean },
): string {
  if (!template.includes(ROOT)) throw new PrerenderError(`prerender: the template has no ${ROOT}`);
  if (!TITLE.test(template)) throw new PrerenderError('prerender: the template has no <title>');
  // data-prerendered tells main.tsx which path this markup is, so it hydrates only that page.
  const root = `<div id="root" data-prerendered="${escapeText(path).replace(/"/g, '&quot;')}">${rendered.html}</div>`;
  let html = template.replace(TITLE, () => `<title>${escapeText(rendered.title)}</title>`);
  html = html.replace(ROOT, () => root);
  // "Needs JavaScript to run" is not true of a page that arrives as HTML.
  return options.needsScript ? html : html.replace(NOSCRIPT, '');
}
