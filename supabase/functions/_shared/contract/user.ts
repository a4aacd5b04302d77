/** The `user` object of `/api/users/:id` and the admin's user list (DESIGN §6). */
import * as z from 'zod/mini';

export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  credits: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  has_password: z.boolean(),
  is_admin: z.boolean(),
});
export type User = z.infer<typeof User>;

export const ACTIVITY_KINDS = [
  'account_created',
  'password_changed',
  'details_changed',
  'purchase',
  'credits_granted',
  'conversion',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One recorded event of an account (`GET /api/users/:id/activity`). */
export const ActivityEntry = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  /** Credits bought or granted, or the conversion's price. */
  credits: z.nullable(z.number()),
  /** For a conversion: its kind ("model" or "video") and status. */
  conversion: z.nullable(z.object({ kind: z.string(), status: z.string(), cancelled: z.boolean() })),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const Activity = z.object({
  /** When the password was last set or changed; null when the account has none or it was not recorded. */
  passwordChangedAt: z.nullable(z.string()),
  /** Newest first. */
  entries: z.array(ActivityEntry),
});
export type Activity = z.infer<typeof Activity>;
