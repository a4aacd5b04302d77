/** The admin area's answers (`/api/admin/…`), as far as they are built by the api rather than by SQL. */
import * as z from 'zod/mini';
import { ORDER_STATUSES } from './payments.ts';

/** One payment order (`GET /api/admin/transactions/orders`). */
export const OrderEntry = z.object({
  id: z.string(),
  provider: z.string(),
  userId: z.string(),
  email: z.nullable(z.string()),
  pack: z.string(),
  credits: z.number(),
  amountCents: z.number(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusDetail: z.nullable(z.string()),
  createdAt: z.string(),
  creditedAt: z.nullable(z.string()),
});
export type OrderEntry = z.infer<typeof OrderEntry>;

/** One credit-ledger row (`GET /api/admin/transactions/ledger`). */
export const LedgerEntry = z.object({
  id: z.number(),
  userId: z.string(),
  email: z.nullable(z.string()),
  delta: z.number(),
  reason: z.string(),
  reference: z.nullable(z.string()),
  balanceAfter: z.number(),
  createdAt: z.string(),
  /** The e-mail of the admin who granted it, when an admin did. */
  createdBy: z.nullable(z.string()),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** An editable setting (`/api/admin/settings`). */
export const AdminSetting = z.object({
  key: z.string(),
  value: z.unknown(),
  isPublic: z.boolean(),
  label: z.string(),
  description: z.string(),
  /** The words the setting accepts; null for whole numbers. */
  choices: z.nullable(z.array(z.string())),
  updatedAt: z.string(),
});
export type AdminSetting = z.infer<typeof AdminSetting>;
