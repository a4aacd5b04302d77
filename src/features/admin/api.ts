/**
 * The admin area's calls to `/api` (SPEC §7 plus the admin routes this project adds). Every call carries
 * the signed-in user's token; the server checks the `is_admin` claim and the database again, so nothing
 * here is a security boundary.
 */
import type {
  AdminGenerationDetails,
  AdminGenerationPage,
  AdminSetting,
  AdminStatus,
  Analytics,
  AnalyticsAnswer,
  AnalyticsPeriod,
  BackendsAnswer,
  BackendStats,
  LedgerEntry,
  NewPack,
  OrderEntry,
  PackChanges,
  PackSummary,
  UserPage,
  WorkerKeys,
} from '@lift3d/contract';
import { api, type User } from '../../lib/api';
import { type AdminUser, normaliseAdminUser } from './normalise';

export const ADMIN_PAGE_SIZE = 20;

export type {
  AdminGenerationDetails,
  AdminGenerationPage,
  AdminStatus,
  Analytics,
  AnalyticsPeriod,
  BackendStats,
  LedgerEntry,
  NewPack,
  OrderEntry,
  PackSummary,
  WorkerKeys,
};
export type Setting = AdminSetting;

/** One page of the admin's users, each normalised for the table. */
export type AdminUserPage = Omit<UserPage, 'users'> & { users: AdminUser[] };

const enc = encodeURIComponent;

export const adminApi = {
  analytics: async (period: AnalyticsPeriod) =>
    (
      await api.get<AnalyticsAnswer>(
        period === 'all' ? '/admin/analytics' : `/admin/analytics/${period}`,
      )
    ).analytics,

  backends: async (period: AnalyticsPeriod) =>
    (await api.get<BackendsAnswer>(`/admin/backends/${period}`)).backends,

  users: async (offset: number, q: string): Promise<AdminUserPage> => {
    const query = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), offset: String(offset) });
    if (q) query.set('q', q);
    const body = await api.get<UserPage>(`/admin/users?${query}`);
    return { ...body, users: body.users.map((u) => normaliseAdminUser(u)) };
  },
  deleteUser: (id: string) => api.delete<{ success: boolean }>(`/admin/users/${enc(id)}`),
  addCredits: async (id: string, creditsToAdd: number) =>
    normaliseAdminUser((await api.addCredits(id, creditsToAdd)).user),
  updateUser: async (id: string, changes: { name: string; email: string; is_admin: boolean }) =>
    normaliseAdminUser((await api.put<{ user: User }>(`/users/${enc(id)}`, changes)).user),

  packs: async () => (await api.get<{ packs: PackSummary[] }>('/admin/credit-packs')).packs,
  addPack: async (pack: NewPack) =>
    (await api.post<{ pack: PackSummary }>('/admin/credit-packs', pack)).pack,
  updatePack: async (id: string, changes: PackChanges) =>
    (await api.request<{ pack: PackSummary }>('PATCH', `/admin/credit-packs/${enc(id)}`, changes)).pack,
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
