/**
 * `redirect_to` validation as Supabase Auth does it: the site URL's origin, this server's origin, or an
 * entry of the allow list (`*` matches within a path segment or host label, `**` anything). Anything
 * else falls back to the site URL, so a crafted link cannot send tokens to a foreign site.
 */
import type { ResolvedAuthConfig } from './config.ts';

function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((literal) => literal.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/.]*'),
    )
    .join('.*');
  return new RegExp(`^${source}$`);
}

function isAllowedRedirect(config: ResolvedAuthConfig, target: string): boolean {
  if (!URL.canParse(target)) return false;
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const origins = [new URL(config.siteUrl).origin, new URL(config.externalUrl).origin];
  if (origins.includes(url.origin)) return true;
  return config.additionalRedirectUrls.some((entry) =>
    entry.includes('*')
      ? globToRegExp(entry).test(target)
      : target === entry || target.startsWith(`${entry.replace(/\/+$/, '')}/`),
  );
}

export function resolveRedirect(config: ResolvedAuthConfig, requested: string | null | undefined): string {
  if (requested && isAllowedRedirect(config, requested)) return requested;
  return config.siteUrl;
}

/** Appends parameters to the query (PKCE) or the fragment (implicit flow), as GoTrue's redirects do. */
export function withParams(
  target: string,
  params: Record<string, string>,
  where: 'query' | 'fragment',
): string {
  const url = new URL(target);
  if (where === 'query') {
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}
