/**
 * GET /api/users/{id}/activity: what happened on an account, each entry from the record that proves it
 * (the profile's own dates, the credit ledger, the conversions), newest first. Read as the caller, so
 * row-level security decides: the owner or an admin.
 */
import type { Activity, ActivityEntry, ActivityKind } from '@lift3d/contract';
import type { Tx } from '../core/db.ts';
import { notFound } from '../core/errors.ts';

const ACTIVITY_LIMIT = 20;

export async function readActivity(tx: Tx, id: string): Promise<Activity> {
  const [profile] = await tx<
    {
      created_at: Date;
      has_password: boolean;
      password_changed_at: Date | null;
      details_changed_at: Date | null;
    }[]
  >`select created_at, has_password, password_changed_at, details_changed_at
      from public.profiles where id = ${id}`;
  if (!profile) throw notFound('User not found.');
  const ledger = await tx<{ reason: string; delta: number; created_at: Date }[]>`
    select reason, delta, created_at from public.credit_ledger
     where user_id = ${id} and reason in ('purchase', 'admin') and delta > 0
     order by id desc limit ${ACTIVITY_LIMIT}`;
  const conversions = await tx<
    { kind: string; status: string; cost: number; cancelled: boolean; created_at: Date }[]
  >`select kind, status, cost, cancelled_at is not null as cancelled, created_at from public.generations
     where user_id = ${id} and deleted_at is null
     order by created_at desc limit ${ACTIVITY_LIMIT}`;
  const iso = (d: Date) => new Date(d).toISOString();
  const entries: ActivityEntry[] = [
    { kind: 'account_created', at: iso(profile.created_at), credits: null, conversion: null },
    ...ledger.map((l) => ({
      kind: (l.reason === 'purchase' ? 'purchase' : 'credits_granted') as ActivityKind,
      at: iso(l.created_at),
      credits: l.delta,
      conversion: null,
    })),
    ...conversions.map((g) => ({
      kind: 'conversion' as const,
      at: iso(g.created_at),
      credits: g.cost,
      conversion: { kind: g.kind, status: g.status, cancelled: g.cancelled },
    })),
  ];
  // A password set at sign-up is part of "account created"; only a later change is its own event.
  const passwordChanged = profile.password_changed_at;
  if (passwordChanged && iso(passwordChanged) !== iso(profile.created_at)) {
    entries.push({ kind: 'password_changed', at: iso(passwordChanged), credits: null, conversion: null });
  }
  if (profile.details_changed_at) {
    entries.push({
      kind: 'details_changed',
      at: iso(profile.details_changed_at),
      credits: null,
      conversion: null,
    });
  }
  entries.sort((a, b) => b.at.localeCompare(a.at));
  return {
    passwordChangedAt: profile.has_password && passwordChanged ? iso(passwordChanged) : null,
    entries: entries.slice(0, ACTIVITY_LIMIT),
  };
}
