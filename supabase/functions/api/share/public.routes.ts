/**
 * The share page's api (no sign-in): GET /api/share/:slug (what /m/{slug} shows, with short-lived signed
 * links), GET /:slug/file?format=…&expires&signature (the viewer's GLB, the AR USDZ, the video, and the
 * other formats only while the owner allows downloads), GET /:slug/poster (a stable link for og:image) and
 * GET /:slug/page (the share page's shell, share.html, with the model's Open Graph tags, for a static host).
 *
 * notes:
 * - Every request reads the share again (public.shared_model), so revoking or switching downloads off
 *   applies to the next request, signed links included; answers are never cached (Cache-Control: no-store).
 * - Unknown, malformed, revoked and deleted all answer the same 404 body: nothing tells them apart.
 * - The viewer's GLB is always readable while the model is shared (a viewer cannot show what it cannot
 *   fetch); "downloads" are the download buttons and the other formats.
 */

import { injectShareHead, SHARE_SLUG, shareHeadFor } from '@lift3d/common/share-page.ts';
import { DOWNLOAD_FORMATS, type SharedModel, type Tables } from '@lift3d/contract';
import { type Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { ApiError, notFound } from '../core/errors.ts';
import { contentDisposition } from '../generations/download-name.ts';
import { storageUnavailable } from '../generations/routes.ts';
import type { OutputFile } from '../generations/rows.ts';
import { sendStoredFile } from '../generations/send-file.ts';
import { signShare, verifyShare } from '../generations/signed-urls.ts';

const SHARE_NOT_FOUND = 'This link does not exist or is no longer shared.';
const gone = () => notFound(SHARE_NOT_FOUND);

/** What the page needs whether or not downloads are allowed: the viewer, AR on phones, the video. */
const VIEWER_FORMATS = ['glb', 'usdz', 'mp4'] as const;

/** public.shared_model's row: the share's and the generation's columns; `outputs` in its known shape. */
type SharedRow = Pick<Tables<'model_shares'>, 'slug' | 'allow_downloads'> &
  Pick<Tables<'generations'>, 'kind' | 'topology'> & {
    shared_at: Tables<'model_shares'>['created_at'];
    outputs: Record<string, OutputFile>;
  };

export function sharePublicRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const { storage } = deps;

  async function load(slug: string): Promise<SharedRow> {
    if (!SHARE_SLUG.test(slug)) throw gone();
    const rows = await db.asService((tx) => tx<SharedRow[]>`select * from public.shared_model(${slug})`);
    if (!rows[0]) throw gone();
    return rows[0];
  }

  /** The formats a visitor may fetch right now. */
  const readable = (row: SharedRow) =>
    DOWNLOAD_FORMATS.filter(
      (f) => row.outputs?.[f] && (row.allow_downloads || (VIEWER_FORMATS as readonly string[]).includes(f)),
    );

  async function modelJson(row: SharedRow): Promise<SharedModel> {
    const secret = config.generations?.urlSecret;
    if (!secret) throw storageUnavailable();
    const expires = Math.floor(Date.now() / 1000) + (config.generations?.urlTtlSeconds ?? 3600);
    const fileUrl = `/share/${row.slug}/file?expires=${expires}&signature=${await signShare(secret, row.slug, expires)}&format=`;
    const files = readable(row);
    const link = (f: string) => (files.includes(f as (typeof files)[number]) ? `${fileUrl}${f}` : null);
    return {
      slug: row.slug,
      // A model whose turntable was made afterwards (model_videos) is shown with it, like a 3D Preview.
      kind: row.outputs?.mp4 ? 'video' : row.kind,
      topology: row.topology,
      sharedAt: new Date(row.shared_at).toISOString(),
      allowDownloads: row.allow_downloads,
      files,
      fileUrl,
      modelUrl: link('glb'),
      videoUrl: link('mp4'),
      posterUrl: row.outputs?.poster ? `/share/${row.slug}/poster` : null,
      downloads: row.allow_downloads ? files : [],
    };
  }

  async function page(c: Context<AppEnv>, slug: string) {
    const share = config.share;
    if (!share?.siteUrl || !share.apiUrl) {
      throw new ApiError(503, 'Share pages need SITE_URL and the public api URL to be set.', 'unavailable');
    }
    const site = share.siteUrl.replace(/\/+$/, '');
    // The share page's prerendered shell; a build from before prerendering has only the SPA's index.html.
    let index = await fetch(`${site}/share.html`, { headers: { accept: 'text/html' } });
    if (index.status === 404) {
      await index.body?.cancel();
      index = await fetch(`${site}/index.html`, { headers: { accept: 'text/html' } });
    }
    if (!index.ok) {
      throw new ApiError(502, `The web app's index.html answered ${index.status}.`, 'bad_gateway');
    }
    const html = await index.text();
    let row: SharedRow;
    try {
      row = await load(slug);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
      // The SPA renders its own not-found text; the head says nothing of any model.
      return c.html(html, 404);
    }
    const head = shareHeadFor(await modelJson(row), `${site}/m/${row.slug}`, share.apiUrl);
    return c.html(injectShareHead(html, head), 200);
  }

  return new Hono<AppEnv>()
    .get('/:slug', async (c) => c.json({ model: await modelJson(await load(c.req.param('slug'))) }))
    .get('/:slug/page', async (c) => page(c, c.req.param('slug')))
    .get('/:slug/poster', async (c) => {
      const row = await load(c.req.param('slug'));
      if (!storage) throw storageUnavailable();
      const poster = row.outputs?.poster;
      if (!poster) throw notFound('This model has no poster image.');
      // Through the api, never a presigned URL: "Stop sharing" cuts every link at once.
      return sendStoredFile(
        storage,
        poster,
        contentDisposition('inline', poster.name),
        undefined,
        () => notFound('The poster is missing.'),
        null,
      );
    })
    .get('/:slug/file', async (c) => {
      const slug = c.req.param('slug');
      const secret = config.generations?.urlSecret;
      if (!SHARE_SLUG.test(slug)) throw gone();
      if (!secret || !(await verifyShare(secret, slug, c.req.query('expires'), c.req.query('signature')))) {
        throw new ApiError(403, 'This link has expired. Please open the shared page again.', 'forbidden');
      }
      const row = await load(slug);
      if (!storage) throw storageUnavailable();
      const format = (c.req.query('format') ?? '').toLowerCase();
      const file = row.outputs?.[format];
      if (!file || !(readable(row) as string[]).includes(format)) {
        throw notFound(
          row.allow_downloads ? 'This model has no such file.' : 'The owner does not allow downloads.',
        );
      }
      return sendStoredFile(
        storage,
        file,
        contentDisposition('attachment', file.name),
        c.req.header('range'),
        () => {
          console.error(`api: share ${slug}: stored file ${file.key} is missing`);
          return notFound('This file is no longer available.');
        },
        null,
      );
    });
}
