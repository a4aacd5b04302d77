/**
 * Share pages for crawlers: `/m/{slug}` is the share page's prerendered shell (share.html) with the model's
 * Open Graph tags, taken from the api's public answer (GET /api/share/:slug). A revoked or unknown link gets
 * the same shell with status 404 and no tag of any model (the app then says the link is gone). Never cached:
 * revoking ends it at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { injectShareHead, SHARE_SLUG, shareHeadFor } from '@lift3d/common/share-page.ts';
import { SharedModelHeadAnswer } from '@lift3d/contract';
import { notBuilt } from './gateway-static.ts';
import type { Log } from './log.ts';

export const SHARE_PAGE = /^\/m\/([^/]+)\/?$/;

export async function serveSharePage(
  request: Request,
  options: { slug: string; distDir: string; apiOrigin: string; origin: string; log: Log },
): Promise<Response> {
  // The share page's shell prerendered at build time; a build from before prerendering has only index.html.
  const indexFile = [join(options.distDir, 'share.html'), join(options.distDir, 'index.html')].find((f) =>
    existsSync(f),
  );
  if (!indexFile) return notBuilt();
  const index = readFileSync(indexFile, 'utf8');
  const send = (status: number, html: string) => {
    const body = Buffer.from(html);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(body.length),
        'Cache-Control': 'no-store',
      },
    });
  };
  if (!SHARE_SLUG.test(options.slug)) return send(404, index);
  let answer: Response;
  try {
    answer = await fetch(`${options.apiOrigin}/api/share/${options.slug}`, {
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    options.log(`share page ${options.slug}: the api is unreachable: ${(error as Error).message}`);
    return send(502, index);
  }
  if (answer.status === 404) return send(404, index);
  if (!answer.ok) {
    options.log(`share page ${options.slug}: the api answered ${answer.status}`);
    return send(502, index);
  }
  const parsed = SharedModelHeadAnswer.safeParse(await answer.json());
  if (!parsed.success) {
    options.log(
      `share page ${options.slug}: the api's answer is not a shared model: ${parsed.error.message}`,
    );
    return send(502, index);
  }
  const { model } = parsed.data;
  const head = shareHeadFor(model, `${options.origin}/m/${model.slug}`, `${options.origin}/api`);
  return send(200, injectShareHead(index, head));
}
