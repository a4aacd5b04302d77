/**
 * The query strings of the admin lists: one schema each, read by the api at the route (`queryParams`) and
 * typed into the SPA's `api.call` from the same entry of endpoints.ts. A value left empty (`?q=`) counts as
 * not given: the api drops empty values before the check.
 */
import * as z from 'zod/mini';
import { AdminStatus } from './admin-answers.ts';

/** Rows a page of an admin list shows unless asked, and the most it shows. */
export const ADMIN_PAGE_LIMITS = { limit: 20, maxLimit: 100 } as const;

const whole = (min: number, max: number) =>
  z.coerce
    .number()
    .check(z.refine(Number.isInteger, 'must be a whole number'), z.minimum(min), z.maximum(max));

const page = {
  limit: z._default(z.optional(whole(1, ADMIN_PAGE_LIMITS.maxLimit)), ADMIN_PAGE_LIMITS.limit),
  offset: z._default(z.optional(whole(0, Number.MAX_SAFE_INTEGER)), 0),
};
/** A search over names and e-mails, matched literally anywhere. */
const search = z._default(z.optional(z.string().check(z.trim(), z.maxLength(200))), '');

export const AdminPageQuery = z.object(page);
export const AdminUsersQuery = z.object({ ...page, q: search });
export const AdminGenerationsQuery = z.object({ ...page, status: z.optional(AdminStatus), q: search });
