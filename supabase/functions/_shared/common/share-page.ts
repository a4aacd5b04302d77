/**
 * The HTML a crawler gets for a share page (/m/{slug}): the SPA's index.html with the model's own title and
 * Open Graph / Twitter tags in place of the site's generic ones. Used by the local stack's gateway and by
 * the api's HTML endpoint (for SPAs on a static host), so both answer the same head.
 */
import type { SharedModel } from '@lift3d/contract';

/** What the tags say; only public facts of the share (never anything of the owner's account). */
export interface ShareHead {
  title: string;
  description: string;
  /** Absolute URL of the share page. */
  pageUrl: string;
  /** Absolute URL of the poster image, when the model has one. */
  imageUrl: string | null;
}

/** The share's public JSON answer (GET /api/share/:slug), as far as the head needs it. */
export type SharedModelSummary = Pick<SharedModel, 'kind' | 'allowDownloads' | 'posterUrl'>;

export function shareHeadFor(model: SharedModelSummary, pageUrl: string, apiBase: string): ShareHead {
  const what = model.kind === 'video' ? '3D model and turntable video' : '3D model';
  return {
    title: `A ${what} made with Lift3D`,
    description:
      `Turn it around in your browser${model.allowDownloads ? ', download it' : ''} and see it in your room ` +
      'on a phone. Made from a single photo with Lift3D.',
    pageUrl,
    imageUrl: model.posterUrl ? `${apiBase.replace(/\/+$/, '')}${model.posterUrl}` : null,
  };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

function shareHeadTags(head: ShareHead): string {
  const tags: Array<[string, string, string]> = [
    ['name', 'description', head.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Lift3D'],
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:url', head.pageUrl],
    ['name', 'twitter:card', head.imageUrl ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', head.description],
  ];
  if (head.imageUrl) {
    tags.push(['property', 'og:image', head.imageUrl], ['property', 'og:image:alt', head.title]);
    tags.push(['name', 'twitter:image', head.imageUrl]);
  }
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(head.pageUrl)}" />`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}

/** The site's own title, description and og:/twitter: tags, which a share page replaces. */
const GENERIC_HEAD =
  /<title>[^<]*<\/title>\s*|<meta\s[^>]*?(?:name="description"|property="og:[^"]*"|name="twitter:[^"]*")[^>]*>\s*/g;

export function injectShareHead(indexHtml: string, head: ShareHead): string {
  const stripped = indexHtml.replace(GENERIC_HEAD, '');
  const at = stripped.indexOf('</head>');
  if (at < 0) throw new Error('share page: index.html has no </head>');
  return `${stripped.slice(0, at)}  ${shareHeadTags(head)}\n  ${stripped.slice(at)}`;
}

/** Slugs are 24 URL-safe characters (SQL makes them); anything else is not a share. */
export const SHARE_SLUG = /^[A-Za-z0-9_-]{24}$/;
