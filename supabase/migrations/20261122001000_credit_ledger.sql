-- The credit ledger: every change of a balance is one append-only row, written in the same transaction as
-- the balance update by ONE security-definer function, public.apply_credit_change. Nothing else moves
-- credits: the api function, the worker and the other SQL functions (purchases, generations, refunds,
-- admin grants) all call it.
--
-- notes:
-- - Exactly once: a change that carries a reference is idempotent per (reason, reference); a unique index
--   is the backstop and the per-user row lock makes the check-then-write race-free.
-- - Never negative: the profile row is locked and the update is conditional (credits + delta >= 0);
--   profiles.credits also has its own check constraint.
-- - The ledger keeps no foreign key to profiles: financial history outlives a deleted account.

create table public.credit_ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null,
  delta integer not null check (delta <> 0),
  reason text not null check (reason in ('purchase', 'generation', 'refund', 'admin', 'reversal')),
  reference text check (char_length(reference) between 1 and 200),
  balance_after integer not null check (balance_after >= 0),
  created_at timestamptz not null default now(),
  created_by uuid,
  -- Purchases and generation refunds add; generations and payment reversals take; admins may do either.
  constraint credit_ledger_sign check (
    (reason in ('purchase', 'refund') and delta > 0)
    or (reason in ('generation', 'reversal') and delta < 0)
    or reason = 'admin'),
  -- Money-linked rows must be traceable (and so are idempotent).
  constraint credit_ledger_reference_required check (reason = 'admin' or reference is not null)
);
comment on table public.credit_ledger is 'Append-only history of every credit change; balance_after is the balance right after the row.';

create unique index credit_ledger_reason_reference_key on public.credit_ledger (reason, reference)
  where reference is not null;
create index credit_ledger_user_id_idx on public.credit_ledger (user_id, id);

alter table public.credit_ledger enable row level security;
revoke all on public.credit_ledger from public, anon, authenticated, service_role;
grant select on public.credit_ledger to authenticated, service_role;

create policy "users can read their own ledger rows" on public.credit_ledger
  for select to authenticated using (user_id = (select auth.uid()));
create policy "admins can read every ledger row" on public.credit_ledger
  for select to authenticated using ((select public.is_admin()));

-- Grants keep the API roles out; the trigger stops everyone else, table owner and superusers included.
create function public.credit_ledger_is_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'credit_ledger: rows are permanent; write a correcting row instead of % ', lower(tg_op)
    using errcode = '42501';
end;
$$;

create trigger credit_ledger_no_update before update or delete on public.credit_ledger
  for each row execute function public.credit_ledger_is_append_only();
create trigger credit_ledger_no_truncate before truncate on public.credit_ledger
  for each statement execute function public.credit_ledger_is_append_only();

-- profiles.credits may only change inside apply_credit_change, which marks its own transaction with the
-- user it is changing. Column grants already stop anon/authenticated; this also stops service_role and
-- ad-hoc superuser updates, so "balance = sum of the ledger" always holds.
create function public.profiles_guard_credits() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (tg_op = 'INSERT' and new.credits <> 0)
     or (tg_op = 'UPDATE' and new.credits is distinct from old.credits) then
    if coalesce(current_setting('lift3d.credit_change', true), '') <> new.id::text then
      raise exception 'profiles: credits change only through public.apply_credit_change (the ledger)'
        using errcode = '42501';
    end if;
  end if;
  return new;
end;
$$;

create trigger profiles_guard_credits before insert or update of credits on public.profiles
  for each row execute function public.profiles_guard_credits();

revoke insert, update, delete, truncate on public.profiles from service_role;
grant update (name, email) on public.profiles to service_role;

-- The one door. Returns the balance after the change (or, for a reference already applied, the current
-- balance without changing anything).
create function public.apply_credit_change(p_user uuid, p_delta integer, p_reason text, p_reference text)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v_balance integer;
  v_after integer;
  v_changed boolean;
  v_owner uuid;
begin
  if p_user is null then
    raise exception 'A user id is required to change credits.' using errcode = '22023';
  end if;
  if p_delta is null or p_delta = 0 then
    raise exception 'The credit change must be a non-zero whole number.' using errcode = '22023';
  end if;
  if p_reason is null or p_reason not in ('purchase', 'generation', 'refund', 'admin', 'reversal') then
    raise exception 'Unknown credit change reason "%": use purchase, generation, refund, admin or reversal.',
      coalesce(p_reason, 'null') using errcode = '22023';
  end if;

  -- Serialise every change of this user's balance (parallel captures, spends, refunds).
  select p.credits into v_balance from public.profiles p where p.id = p_user for update;
  if not found then
    raise exception 'No account exists with id %.', p_user using errcode = 'P0002';
  end if;

  if p_reference is not null then
    select l.user_id into v_owner from public.credit_ledger l
     where l.reason = p_reason and l.reference = p_reference;
    if found then
      if v_owner <> p_user then
        raise exception 'The % reference % was already used for another account.', p_reason, p_reference
          using errcode = '23505';
      end if;
      return v_balance;
    end if;
  end if;

  if v_balance + p_delta < 0 then
    raise exception 'Not enough credits: this needs % credits and you have %.', -p_delta, v_balance
      using errcode = 'P0402';
  end if;
  perform set_config('lift3d.credit_change', p_user::text, true);
  -- Conditional as well as locked: the row can never be written below zero.
  update public.profiles p
     set credits = p.credits + p_delta
   where p.id = p_user and p.credits + p_delta >= 0
  returning p.credits into v_after;
  v_changed := found;
  perform set_config('lift3d.credit_change', '', true);
  if not v_changed then
    raise exception 'Not enough credits: this needs % credits and you have %.', -p_delta, v_balance
      using errcode = 'P0402';
  end if;
  v_balance := v_after;

  insert into public.credit_ledger (user_id, delta, reason, reference, balance_after, created_by)
  values (p_user, p_delta, p_reason, p_reference, v_balance, auth.uid());
  return v_balance;
end;
$$;
revoke execute on function public.apply_credit_change(uuid, integer, text, text) from public, anon, authenticated;
grant execute on function public.apply_credit_change(uuid, integer, text, text) to service_role;

-- Admins grant (or, with a negative amount, take back) credits. Checked against the table, not the token.
create function public.admin_add_credits(p_user uuid, p_amount integer) returns integer
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only administrators can add credits.' using errcode = '42501';
  end if;
  if p_amount is null or p_amount = 0 or abs(p_amount) > 10000000 then
    raise exception 'creditsToAdd must be a whole number between -10,000,000 and 10,000,000, not 0.'
      using errcode = '22023';
  end if;
  return public.apply_credit_change(p_user, p_amount, 'admin', null);
end;
$$;
revoke execute on function public.admin_add_credits(uuid, integer) from public, anon;
grant execute on function public.admin_add_credits(uuid, integer) to authenticated, service_role;

-- Admins set an absolute balance (the admin edit dialog); recorded as the difference.
create function public.admin_set_credits(p_user uuid, p_credits integer) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v_current integer;
begin
  if not public.is_admin() then
    raise exception 'Only administrators can set credits.' using errcode = '42501';
  end if;
  if p_credits is null or p_credits < 0 or p_credits > 100000000 then
    raise exception 'credits must be a whole number between 0 and 100,000,000.' using errcode = '22023';
  end if;
  -- Locked so a parallel change cannot slip in between reading and applying the difference.
  select p.credits into v_current from public.profiles p where p.id = p_user for update;
  if not found then
    raise exception 'No account exists with id %.', p_user using errcode = 'P0002';
  end if;
  if v_current = p_credits then
    return v_current;
  end if;
  return public.apply_credit_change(p_user, p_credits - v_current, 'admin', null);
end;
$$;
revoke execute on function public.admin_set_credits(uuid, integer) from public, anon;
grant execute on function public.admin_set_credits(uuid, integer) to authenticated, service_role;
