/**
 * /api/admin/generations: every user's conversions, newest first, a page at a time (filter by `status`,
 * search `q` over the owner's e-mail or name and the generation's id), and one generation's details:
 * owner, status and stage, backend and fallback, cost and refund, timings, error, warnings, files and
 * the photos it was made from. The token's `is_admin` claim lets the request in; the tables' admin
 * policies decide what is read, so a demoted admin with an old token sees only their own conversions.
 */
import {
  ADMIN_PAGE_LIMITS,
  ADMIN_STATUSES,
  AdminGenerationsQuery,
  type Nullable,
  type Tables,
} from '@lift3d/contract';
import { Hono } from 'hono';
import { requireAdmin } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { notFound } from '../core/errors.ts';
import { queryParams } from '../core/validate.ts';
import { viewsOf, withPhotos } from '../generations/photos.ts';
import { checkId } from '../generations/routes.ts';
import { GENERATION_COLUMNS, type GenerationRow, generationJson } from '../generations/rows.ts';

/** `q` as an ILIKE pattern matching it literally anywhere (its own % and _ are not wildcards). */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The owner's e-mail and name, through a left join (a deleted account has none). */
type Owner = Nullable<Pick<Tables<'profiles'>, 'email' | 'name'>>;

type ListRow = Pick<
  Tables<'generations'>,
  | 'id'
  | 'user_id'
  | 'kind'
  | 'status'
  | 'stage'
  | 'progress'
  | 'format'
  | 'topology'
  | 'cost'
  | 'backend'
  | 'fell_back'
  | 'warnings'
  | 'error'
  | 'created_at'
  | 'completed_at'
> &
  Owner & { cancelled: boolean };

type DetailRow = Pick<
  Tables<'generations'>,
  | 'input_name'
  | 'input_type'
  | 'input_bytes'
  | 'free'
  | 'backend'
  | 'fallback'
  | 'fell_back'
  | 'provider_task_id'
  | 'provider_ms'
  | 'provider_cost'
  | 'attempts'
  | 'worker_id'
  | 'heartbeat_at'
  | 'cancelled_at'
> &
  Owner & { provider_failure: Tables<'generation_provider_failures'>['reason'] | null };

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function adminGenerationRoutes({ db, config }: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      queryParams(
        AdminGenerationsQuery,
        `limit must be 1-${ADMIN_PAGE_LIMITS.maxLimit}, offset a whole number of 0 or more, status one of ${ADMIN_STATUSES.join(', ')} and q at most 200 characters.`,
      ),
      async (c) => {
        const caller = requireAdmin(c.get('caller'));
        const { limit, offset, status, q } = c.req.valid('query');
        const pattern = containsPattern(q);
        const { rows, matching, views } = await db.asCaller(caller, async (tx) => {
          const where = tx`(${status ?? null}::text is null
              or (${status ?? null} = 'cancelled' and g.cancelled_at is not null)
              or (g.status = ${status ?? null} and g.cancelled_at is null))
          and (${q} = '' or p.email ilike ${pattern} or p.name ilike ${pattern} or g.id::text ilike ${pattern})`;
          const rows = await tx<ListRow[]>`
          select g.id, g.user_id, p.email, p.name, g.kind, g.status, g.stage, g.progress, g.format, g.topology,
                 g.cost, g.backend, g.fell_back, g.warnings, g.error, g.created_at, g.completed_at,
                 g.cancelled_at is not null as cancelled
            from public.generations g left join public.profiles p on p.id = g.user_id
           where ${where}
           order by g.created_at desc, g.id
           limit ${limit} offset ${offset}`;
          const [count] = await tx<{ n: number }[]>`
          select count(*)::int as n
            from public.generations g left join public.profiles p on p.id = g.user_id
           where ${where}`;
          const views = await viewsOf(
            tx,
            rows.map((r) => r.id),
          );
          return { rows, matching: count?.n ?? 0, views };
        });
        return c.json({
          generations: rows.map((r) => ({
            id: r.id,
            userId: r.user_id,
            email: r.email,
            name: r.name,
            kind: r.kind,
            status: r.cancelled ? 'cancelled' : r.status,
            stage: r.stage,
            progress: Number(r.progress),
            format: r.format,
            topology: r.topology,
            cost: r.cost,
            backend: r.backend,
            fellBack: r.fell_back,
            warnings: r.warnings ?? [],
            error: r.error,
            views: views.get(r.id) ?? [],
            createdAt: iso(r.created_at),
            completedAt: iso(r.completed_at),
          })),
          matching,
          limit,
          offset,
          status: status ?? null,
          q,
        });
      },
    )
    .get('/:id', async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const id = checkId(c.req.param('id'));
      const found = await db.asCaller(caller, async (tx) => {
        const [row] = await tx.unsafe<GenerationRow[]>(
          `select ${GENERATION_COLUMNS} from public.generations where id = $1`,
          [id],
        );
        if (!row) return null;
        const [detail] = await tx<DetailRow[]>`
          select p.email, p.name, g.input_name, g.input_type, g.input_bytes, g.free, g.backend, g.fallback,
                 g.fell_back, g.provider_task_id, g.provider_ms, g.provider_cost, g.attempts, g.worker_id,
                 g.heartbeat_at, g.cancelled_at, f.reason as provider_failure
            from public.generations g left join public.profiles p on p.id = g.user_id
            left join public.generation_provider_failures f on f.generation_id = g.id
           where g.id = ${id}`;
        // The charge and its refund are ledger rows named after the generation (exactly once each).
        const ledger = await tx<{ reason: string; delta: number; created_at: Date }[]>`
          select reason, delta, created_at from public.credit_ledger
           where (reason = 'generation' and reference = ${`generation:${id}`})
              or (reason = 'refund' and reference = ${`refund:${id}`})`;
        const views = await viewsOf(tx, [id]);
        return { row, detail, ledger, views: views.get(id) ?? [] };
      });
      if (!found) throw notFound('No generation with this id.');
      const { row, detail, ledger, views } = found;
      const refund = ledger.find((l) => l.reason === 'refund');
      const charge = ledger.find((l) => l.reason === 'generation');
      return c.json({
        generation: await withPhotos(
          await generationJson(row, config.generations),
          views,
          config.generations,
        ),
        owner: { id: row.user_id, email: detail.email, name: detail.name },
        input: { name: detail.input_name, type: detail.input_type, bytes: detail.input_bytes },
        free: detail.free,
        backend: detail.backend,
        fallback: detail.fallback,
        fellBack: detail.fell_back,
        provider: {
          taskId: detail.provider_task_id,
          ms: detail.provider_ms,
          cost: detail.provider_cost === null ? null : Number(detail.provider_cost),
          /** Why the provider failed it, in the provider's words (then it fell back or was refunded). */
          failure: detail.provider_failure ?? null,
        },
        attempts: detail.attempts,
        workerId: detail.worker_id,
        heartbeatAt: iso(detail.heartbeat_at),
        cancelledAt: iso(detail.cancelled_at),
        charge: charge ? { credits: -charge.delta, at: iso(charge.created_at) } : null,
        refund: refund ? { credits: refund.delta, at: iso(refund.created_at) } : null,
      });
    });
}
