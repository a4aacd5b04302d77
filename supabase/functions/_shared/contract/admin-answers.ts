/**
 * The admin area's dashboard, users and generations answers, and the bodies its forms send. Figures built
 * by SQL (admin_analytics, admin_backend_stats) are described here as the api passes them on.
 */
import * as z from 'zod/mini';
import { ADMIN_PACKS_LIMITS, PACK_STATUSES } from './credit-pack.ts';
import { GENERATION_STATUSES, Generation, GenerationBackend } from './generation.ts';
import { User } from './user.ts';

export const ANALYTICS_PERIODS = ['today', 'yesterday', 'week', 'month', 'all'] as const;
export const AnalyticsPeriod = z.enum(ANALYTICS_PERIODS);
export type AnalyticsPeriod = z.infer<typeof AnalyticsPeriod>;

const PeriodFigures = z.object({ visits: z.number(), unique: z.number(), returning: z.number() });

/** `GET /api/admin/analytics[/:period]` → `{analytics}` (public.admin_analytics). */
export const Analytics = z.object({
  period: AnalyticsPeriod,
  totalUsers: z.number(),
  periodUsers: z.optional(z.number()),
  todayUsers: z.number(),
  weekUsers: z.number(),
  monthUsers: z.number(),
  periods: z.record(
    z.enum(['today', 'week', 'month']),
    z.object({ count: z.optional(z.number()), percentage: z.number() }),
  ),
  usersWithCredits: z.number(),
  totalCredits: z.number(),
  avgCredits: z.number(),
  adminUsers: z.number(),
  recentActivity: z.array(z.object({ date: z.string(), count: z.number() })),
  website: z.object({
    totalVisits: z.number(),
    uniqueVisitors: z.number(),
    returningVisitors: z.number(),
    periods: z.record(z.enum(['today', 'yesterday', 'week', 'month']), PeriodFigures),
  }),
  store: z.object({
    currency: z.optional(z.string()),
    totalOrders: z.number(),
    totalRevenue: z.number(),
    avgOrderValue: z.number(),
    conversionRate: z.number(),
    totalCheckoutSessions: z.number(),
    abandonedCarts: z.number(),
    todayOrders: z.number(),
    weekOrders: z.number(),
    monthOrders: z.number(),
    todayRevenue: z.number(),
    weekRevenue: z.number(),
    monthRevenue: z.number(),
    periods: z.record(
      z.enum(['today', 'week', 'month']),
      z.object({ orders: z.number(), revenue: z.number() }),
    ),
    recentSales: z.array(z.object({ date: z.string(), orders: z.number(), revenue: z.number() })),
  }),
});
export type Analytics = z.infer<typeof Analytics>;
export const AnalyticsAnswer = z.object({ analytics: z.nullable(Analytics) });
export type AnalyticsAnswer = z.infer<typeof AnalyticsAnswer>;

/** One generation backend's figures for a period (`GET /api/admin/backends/:period`). */
export const BackendStats = z.object({
  backend: GenerationBackend,
  conversions: z.number(),
  completed: z.number(),
  failed: z.number(),
  /** Cancelled by their owner or an admin: counted apart from failures. */
  cancelled: z.number(),
  fellBack: z.number(),
  /** Of completed conversions; null when none completed. */
  medianSeconds: z.nullable(z.number()),
  medianProviderSeconds: z.nullable(z.number()),
  /** The provider's cost summed (each task at the operator's *_TASK_COST). */
  providerCost: z.number(),
  /** The period's most frequent reasons the provider failed a conversion, in its own words. */
  failureReasons: z.array(z.object({ reason: z.string(), count: z.number() })),
});
export type BackendStats = z.infer<typeof BackendStats>;
export const BackendsAnswer = z.object({ period: AnalyticsPeriod, backends: z.array(BackendStats) });
export type BackendsAnswer = z.infer<typeof BackendsAnswer>;

/** `GET /api/admin/users`: one page of users, how many exist and how many match `q`. */
export const UserPage = z.object({ users: z.array(User), total: z.number(), matching: z.number() });
export type UserPage = z.infer<typeof UserPage>;

/** The statuses an admin sees: a cancelled conversion (failed in the row, with `cancelled_at`) is its own. */
export const ADMIN_STATUSES = [...GENERATION_STATUSES, 'cancelled'] as const;
export const AdminStatus = z.enum(ADMIN_STATUSES);
export type AdminStatus = z.infer<typeof AdminStatus>;

/** One row of the admin's generations list (`GET /api/admin/generations`). */
export const AdminGenerationRow = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  kind: z.string(),
  status: AdminStatus,
  stage: z.string(),
  progress: z.number(),
  format: z.string(),
  topology: z.string(),
  cost: z.number(),
  backend: z.nullable(z.string()),
  fellBack: z.boolean(),
  warnings: z.array(z.string()),
  error: z.nullable(z.string()),
  views: z.array(z.string()),
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
});
export type AdminGenerationRow = z.infer<typeof AdminGenerationRow>;

export const AdminGenerationPage = z.object({
  generations: z.array(AdminGenerationRow),
  matching: z.number(),
  limit: z.number(),
  offset: z.number(),
  status: z.nullable(AdminStatus),
  q: z.string(),
});
export type AdminGenerationPage = z.infer<typeof AdminGenerationPage>;

const At = z.object({ credits: z.number(), at: z.string() });

/** One generation in full (`GET /api/admin/generations/:id`). */
export const AdminGenerationDetails = z.object({
  generation: Generation,
  owner: z.object({ id: z.string(), email: z.nullable(z.string()), name: z.nullable(z.string()) }),
  input: z.object({ name: z.nullable(z.string()), type: z.string(), bytes: z.number() }),
  free: z.boolean(),
  backend: z.nullable(z.string()),
  fallback: z.string(),
  fellBack: z.boolean(),
  provider: z.object({
    taskId: z.nullable(z.string()),
    ms: z.nullable(z.number()),
    cost: z.nullable(z.number()),
    /** Why the provider failed it, in the provider's words (then it fell back or was refunded). */
    failure: z.nullable(z.string()),
  }),
  attempts: z.number(),
  workerId: z.nullable(z.string()),
  heartbeatAt: z.nullable(z.string()),
  /** Set when the owner or an admin cancelled it (the generation's status is then `failed`). */
  cancelledAt: z.nullable(z.string()),
  charge: z.nullable(At),
  refund: z.nullable(At),
});
export type AdminGenerationDetails = z.infer<typeof AdminGenerationDetails>;

/** A pack's editable fields, each refusal in words the admin's form shows. */
const PackFields = {
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Name is required.'),
      z.maxLength(80, 'Name can be at most 80 characters.'),
    ),
  credits: z
    .number({ error: 'credits must be a number.' })
    .check(
      z.refine(Number.isSafeInteger, 'credits must be a whole number.'),
      z.gte(1, 'credits must be at least 1.'),
      z.lte(ADMIN_PACKS_LIMITS.maxCredits),
    ),
  // Cents, so no rounding ever happens between the form and the order.
  priceCents: z
    .number({ error: 'priceCents must be a number.' })
    .check(
      z.refine(Number.isSafeInteger, 'priceCents must be a whole number of cents.'),
      z.gte(1, 'The price must be more than 0.'),
      z.lte(ADMIN_PACKS_LIMITS.maxPriceCents),
    ),
  externalProductId: z.nullable(z.string().check(z.trim(), z.maxLength(120))),
  popular: z.boolean(),
  status: z.enum(PACK_STATUSES, { error: 'status must be active or inactive.' }),
  note: z.string().check(z.trim(), z.maxLength(200)),
};

/** `POST /api/admin/credit-packs`. */
export const NewPack = z.object({
  ...PackFields,
  externalProductId: z._default(z.optional(PackFields.externalProductId), null),
  popular: z._default(z.optional(PackFields.popular), false),
  status: z._default(z.optional(PackFields.status), 'active'),
  note: z._default(z.optional(PackFields.note), ''),
});
export type NewPack = z.input<typeof NewPack>;

/** `PATCH /api/admin/credit-packs/:id`: any of the fields. */
export const PackChanges = z.partial(z.object(PackFields));
export type PackChanges = z.input<typeof PackChanges>;

/** `PUT /api/admin/settings/:key`. */
export const SettingChange = z.object({
  value: z.union(
    [
      z.number().check(z.refine(Number.isSafeInteger, 'value must be a whole number.')),
      z.string().check(z.maxLength(40)),
    ],
    {
      error: 'value must be a whole number or one of the listed words.',
    },
  ),
});
export type SettingChange = z.input<typeof SettingChange>;

/** How many workers run now, and which hosted backends at least one of them has a key for. */
export const WorkerKeys = z.object({ live: z.number(), backends: z.array(z.string()) });
export type WorkerKeys = z.infer<typeof WorkerKeys>;
