/**
 * The admin area's calls to `/api` (SPEC §7 plus the admin routes this project adds). Every call carries
 * the signed-in user's token; the server checks the `is_admin` claim and the database again, so nothing
 * here is a security boundary.
 */
import type {
  AdminSetting,
  AdminStatus,
  Analytics,
  AnalyticsPeriod,
  BackendStats,
  NewPack,
  PackChanges,
  PackSummary,
  UserPage,
  WorkerKeys,
} from '@lift3d/contract';
import { api } from '../../lib/api';
import { type AdminUser, normaliseAdminUser } from './normalise';

export const ADMIN_PAGE_SIZE = 20;

export type { AdminStatus, Analytics, AnalyticsPeriod, BackendStats, NewPack, PackSummary, WorkerKeys };
export type Setting = AdminSetting;

/** One page of the admin's users, each normalised for the table. */
export type AdminUserPage = Omit<UserPage, 'users'> & { users: AdminUser[] };

export const adminApi = {
  analytics: async (period: AnalyticsPeriod) =>
    (await api.call('adminAnalytics', { params: { period } })).analytics,

  backends: async (period: AnalyticsPeriod) =>
    (await api.call('adminBackends', { params: { period } })).backends,

  users: async (offset: number, q: string): Promise<AdminUserPage> => {
    const query = { limit: ADMIN_PAGE_SIZE, offset, q: q || undefined };
    const body = await api.call('adminUsers', { query });
    return { ...body, users: body.users.map((u) => normaliseAdminUser(u)) };
  },
  deleteUser: (id: string) => api.call('adminDeleteUser', { params: { id } }),
  addCredits: async (id: string, creditsToAdd: number) =>
    normaliseAdminUser((await api.addCredits(id, creditsToAdd)).user),
  updateUser: async (id: string, changes: { name: string; email: string; is_admin: boolean }) =>
    normaliseAdminUser((await api.call('updateUser', { params: { id }, body: changes })).user),

  packs: async () => (await api.call('adminPacks')).packs,
  addPack: async (pack: NewPack) => (await api.call('adminAddPack', { body: pack })).pack,
  updatePack: async (id: string, changes: PackChanges) =>
    (await api.call('adminChangePack', { params: { id }, body: changes })).pack,
  deletePack: (id: string) => api.call('adminDeletePack', { params: { id } }),

  orders: (offset: number, limit = ADMIN_PAGE_SIZE) => api.call('adminOrders', { query: { limit, offset } }),
  ledger: (offset: number, limit = ADMIN_PAGE_SIZE) => api.call('adminLedger', { query: { limit, offset } }),

  generations: (offset: number, status: AdminStatus | '', q: string) => {
    const query = { limit: ADMIN_PAGE_SIZE, offset, status: status || undefined, q: q || undefined };
    return api.call('adminGenerations', { query });
  },
  generation: (id: string) => api.call('adminGeneration', { params: { id } }),

  settings: async () => (await api.call('adminSettings')).settings,
  /** Running workers and the hosted backends they hold a key for. */
  settingsWorkers: async () => (await api.call('adminSettings')).workers,
  updateSetting: async (key: string, value: number | string) =>
    (await api.call('adminChangeSetting', { params: { key }, body: { value } })).setting,
};
