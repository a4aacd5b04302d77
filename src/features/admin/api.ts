/**
 * The admin area's calls to `/api` (SPEC §7 plus the admin routes this project adds). Every call carries
 * the signed-in user's token; the server checks the `is_admin` claim and the database again, so nothing
 * here is a security boundary.
 */
import type {
  AdminSetting,
  Generation,
  GenerationBackend,
  GenerationStatus,
  LedgerEntry,
  OrderEntry,
  PackSummary,
} from '@lift3d/contract';
import { api, type User } from '../../lib/api';
import { type AdminUser, normaliseAdminUser } from './normalise';

export const ADMIN_PAGE_SIZE = 20;

/** How many workers run now, and which hosted backends at least one of them has a key for. */
export interface WorkerKeys {
  live: number;
  backends: string[];
}

/** What an admin sees: a conversion its owner or an admin cancelled is not a failure. */
export type AdminStatus = GenerationStatus | 'cancelled';

export type AnalyticsPeriod = 'today' | 'yesterday' | 'week' | 'month' | 'all';

interface PeriodFigures {
  visits: number;
  unique: number;
  returning: number;
}

export interface Analytics {
  period: AnalyticsPeriod;
  totalUsers: number;
  periodUsers?: number;
  todayUsers: number;
  weekUsers: number;
  monthUsers: number;
  periods: Record<'today' | 'week' | 'month', { count?: number; percentage: number }>;
  usersWithCredits: number;
  totalCredits: number;
  avgCredits: number;
  adminUsers: number;
  recentActivity: { date: string; count: number }[];
  website: {
    totalVisits: number;
    uniqueVisitors: number;
    returningVisitors: number;
    periods: Record<'today' | 'yesterday' | 'week' | 'month', PeriodFigures>;
  };
  store: {
    currency?: string;
    totalOrders: number;
    totalRevenue: number;
    avgOrderValue: number;
    conversionRate: number;
    totalCheckoutSessions: number;
    abandonedCarts: number;
    todayOrders: number;
    weekOrders: number;
    monthOrders: number;
    todayRevenue: number;
    weekRevenue: number;
    monthRevenue: number;
    periods: Record<'today' | 'week' | 'month', { orders: number; revenue: number }>;
    recentSales: { date: string; orders: number; revenue: number }[];
  };
}

export interface UserPage {
  users: AdminUser[];
  total: number;
  matching: number;
}

/** A pack in the admin's table (the fields it reads of `AdminCreditPack`). */
export type CreditPack = PackSummary;

export type { LedgerEntry, OrderEntry };
export type Setting = AdminSetting;

export interface PackInput {
  name: string;
  credits: number;
  priceCents: number;
  externalProductId: string | null;
  popular: boolean;
}

/** One generation backend's figures for a period (`GET /api/admin/backends/:period`). */
export interface BackendStats {
  backend: GenerationBackend;
  conversions: number;
  completed: number;
  failed: number;
  /** Cancelled by their owner or an admin: counted apart from failures. */
  cancelled: number;
  fellBack: number;
  /** Of completed conversions; null when none completed. */
  medianSeconds: number | null;
  medianProviderSeconds: number | null;
  /** The provider's cost summed (each task at the operator's *_TASK_COST). */
  providerCost: number;
  /** The period's most frequent reasons the provider failed a conversion, in its own words. */
  failureReasons: Array<{ reason: string; count: number }>;
}

/** One row of the admin's generations list (`GET /api/admin/generations`). */
interface AdminGenerationRow {
  id: string;
  userId: string;
  email: string | null;
  name: string | null;
  kind: string;
  status: AdminStatus;
  stage: string;
  progress: number;
  format: string;
  topology: string;
  cost: number;
  backend: string | null;
  fellBack: boolean;
  warnings: string[];
  error: string | null;
  views: string[];
  createdAt: string;
  completedAt: string | null;
}

export interface AdminGenerationPage {
  generations: AdminGenerationRow[];
  matching: number;
}

/** One generation in full (`GET /api/admin/generations/:id`). */
export interface AdminGenerationDetails {
  generation: Generation;
  owner: { id: string; email: string | null; name: string | null };
  input: { name: string | null; type: string; bytes: number };
  free: boolean;
  backend: string | null;
  fallback: string;
  fellBack: boolean;
  provider: { taskId: string | null; ms: number | null; cost: number | null; failure: string | null };
  attempts: number;
  workerId: string | null;
  heartbeatAt: string | null;
  /** Set when the owner or an admin cancelled it (the generation's status is then `failed`). */
  cancelledAt: string | null;
  charge: { credits: number; at: string } | null;
  refund: { credits: number; at: string } | null;
}

const enc = encodeURIComponent;

export const adminApi = {
  analytics: async (period: AnalyticsPeriod) =>
    (
      await api.get<{ analytics: Analytics | null }>(
        period === 'all' ? '/admin/analytics' : `/admin/analytics/${period}`,
      )
    ).analytics,

  backends: async (period: AnalyticsPeriod) =>
    (await api.get<{ backends: BackendStats[] }>(`/admin/backends/${period}`)).backends,

  users: async (offset: number, q: string): Promise<UserPage> => {
    const query = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(offset) });
    if (q) query.set('q', q);
    const body = await api.get<{ users: User[]; total?: number; matching?: number }>(`/admin/users?${query}`);
    const users = (body.users ?? []).map((u) => normaliseAdminUser(u));
    return { users, total: body.total ?? users.length, matching: body.matching ?? users.length };
  },
  deleteUser: (id: string) => api.delete<{ success: boolean }>(`/admin/users/${enc(id)}`),
  addCredits: async (id: string, creditsToAdd: number) =>
    normaliseAdminUser((await api.addCredits(id, creditsToAdd)).user),
  updateUser: async (id: string, changes: { name: string; email: string; is_admin: boolean }) =>
    normaliseAdminUser((await api.put<{ user: User }>(`/users/${enc(id)}`, changes)).user),

  packs: async () => (await api.get<{ packs: CreditPack[] }>('/admin/credit-packs')).packs,
  addPack: async (pack: PackInput) =>
    (await api.post<{ pack: CreditPack }>('/admin/credit-packs', pack)).pack,
  updatePack: async (id: string, changes: Partial<PackInput> & { status?: CreditPack['status'] }) =>
    (await api.request<{ pack: CreditPack }>('PATCH', `/admin/credit-packs/${enc(id)}`, changes)).pack,
  deletePack: (id: string) => api.delete<{ success: boolean }>(`/admin/credit-packs/${enc(id)}`),

  orders: (offset: number, limit = ADMIN_PAGE_SIZE) =>
    api.get<{ orders: OrderEntry[]; total: number }>(
      `/admin/transactions/orders?limit=${limit}&offset=${offset}`,
    ),
  ledger: (offset: number, limit = ADMIN_PAGE_SIZE) =>
    api.get<{ entries: LedgerEntry[]; total: number }>(
      `/admin/transactions/ledger?limit=${limit}&offset=${offset}`,
    ),

  generations: (offset: number, status: AdminStatus | '', q: string) => {
    const query = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(offset) });
    if (status) query.set('status', status);
    if (q) query.set('q', q);
    return api.get<AdminGenerationPage>(`/admin/generations?${query}`);
  },
  generation: (id: string) => api.get<AdminGenerationDetails>(`/admin/generations/${enc(id)}`),

  settings: async () => (await api.get<{ settings: Setting[] }>('/admin/settings')).settings,
  /** Running workers and the hosted backends they hold a key for. */
  settingsWorkers: async () => (await api.get<{ workers: WorkerKeys }>('/admin/settings')).workers,
  updateSetting: async (key: string, value: number | string) =>
    (await api.put<{ setting: Setting }>(`/admin/settings/${enc(key)}`, { value })).setting,
};
