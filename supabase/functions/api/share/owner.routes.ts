/**
 * The owner's share switch of one model (under /api/generations/:id/share): GET the live share (or null),
 * POST to share (returns the live link if there is one), PATCH {allowDownloads}, DELETE to stop sharing.
 * Every write is one owner-checked SQL function run as the caller.
 */
import type { Share, Tables } from '@lift3d/contract';
import { DownloadsChange, ShareRequest } from '@lift3d/contract';
import { Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { jsonBody } from '../core/validate.ts';
import { checkId } from '../generations/routes.ts';

type ShareRow = Pick<Tables<'model_shares'>, 'slug' | 'allow_downloads' | 'created_at'>;

const shareJson = (row: ShareRow | undefined): Share | null =>
  row
    ? {
        slug: row.slug,
        path: `/m/${row.slug}`,
        allowDownloads: row.allow_downloads,
        createdAt: new Date(row.created_at).toISOString(),
      }
    : null;

export function shareOwnerRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/:id/share', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      const rows = await db.asCaller(
        caller,
        (tx) => tx<ShareRow[]>`select s.slug, s.allow_downloads, s.created_at from public.model_shares s
                                 join public.generations g on g.id = s.generation_id
                                where s.generation_id = ${id} and s.revoked_at is null`,
      );
      return c.json({ share: shareJson(rows[0]) });
    })
    .post('/:id/share', jsonBody(ShareRequest), async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      const body = c.req.valid('json');
      const rows = await db.asCaller(
        caller,
        (tx) => tx<ShareRow[]>`select * from public.share_generation(${id}, ${body.allowDownloads ?? false})`,
      );
      return c.json({ share: shareJson(rows[0]) });
    })
    .patch('/:id/share', jsonBody(DownloadsChange), async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      const body = c.req.valid('json');
      const rows = await db.asCaller(
        caller,
        (tx) => tx<ShareRow[]>`select * from public.set_share_downloads(${id}, ${body.allowDownloads})`,
      );
      return c.json({ share: shareJson(rows[0]) });
    })
    .delete('/:id/share', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      await db.asCaller(caller, (tx) => tx`select public.revoke_share(${id})`);
      return c.json({ share: null });
    });
}
