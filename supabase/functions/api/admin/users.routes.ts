/**
 * /api/admin/users: the admin list (pages, newest first, optional search `q` over name and e-mail) and
 * deletion. The token's `is_admin` claim lets
 * the request in; the policies and `admin_delete_user` check the table again, so a demoted admin with
 * an old token sees only themselves and deletes nothing.
 */
import { ADMIN_PAGE_LIMITS, AdminUsersQuery } from '@lift3d/contract';
import { Hono } from 'hono';
import { requireAdmin } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { queryParams } from '../core/validate.ts';
import { toApiUser, userIdParam } from '../users/users.ts';

/** `q` as an ILIKE pattern matching it literally anywhere (its own % and _ are not wildcards). */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export function adminUserRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      queryParams(
        AdminUsersQuery,
        `limit must be 1-${ADMIN_PAGE_LIMITS.maxLimit}, offset a whole number of 0 or more and q at most 200 characters.`,
      ),
      async (c) => {
        const caller = requireAdmin(c.get('caller'));
        const { limit, offset, q } = c.req.valid('query');
        const pattern = containsPattern(q);
        const { rows, total, matching } = await db.asCaller(caller, async (tx) => {
          // Search: name or e-mail, case-insensitive substring, on the server so it covers every page.
          const rows = await tx<Parameters<typeof toApiUser>[0][]>`
          select id, name, email, credits, created_at, updated_at, has_password, is_admin
            from public.profiles
           where ${q} = '' or name ilike ${pattern} or email ilike ${pattern}
           order by created_at desc, id
           limit ${limit} offset ${offset}`;
          const [count] = await tx<{ total: number; matching: number }[]>`
          select count(*)::int as total,
                 count(*) filter (where ${q} = '' or name ilike ${pattern} or email ilike ${pattern})::int
                   as matching
            from public.profiles`;
          return { rows, total: count?.total ?? 0, matching: count?.matching ?? 0 };
        });
        return c.json({ users: rows.map(toApiUser), total, matching, limit, offset, q });
      },
    )
    .delete('/:id', async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const id = userIdParam(c.req.param('id'));
      await db.asCaller(caller, (tx) => tx`select public.admin_delete_user(${id})`);
      return c.json({ success: true });
    });
}
