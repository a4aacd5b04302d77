-- Admin area: credit packs are edited in the database (the spec kept them in page state only), and the
-- operator settings the admin Settings page edits are checked here, whoever writes them.
--
-- notes: a pack is never deleted once orders may reference it (payment_orders.pack_id keeps the history);
-- "Delete Pack" archives it instead: inactive for good and hidden from the admin list.

alter table public.credit_packs add column archived_at timestamptz;
alter table public.credit_packs add constraint credit_packs_archived_inactive
  check (archived_at is null or not active);
create index credit_packs_archived_at_idx on public.credit_packs (archived_at);

-- Packs go away only by archiving; hard deletes would break the order history.
drop policy "admins can remove packs" on public.credit_packs;
revoke delete on public.credit_packs from authenticated;

-- Archived packs stay archived.
create function public.credit_packs_keep_archived() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.archived_at is not null and new.archived_at is null then
    raise exception 'This credit pack was deleted and cannot be restored; add a new pack instead.'
      using errcode = '22023';
  end if;
  return new;
end;
$$;

create trigger credit_packs_keep_archived before update on public.credit_packs
  for each row execute function public.credit_packs_keep_archived();

-- Known settings carry whole numbers in a sane range; a typo in the admin page must not stop generation.
create function public.settings_check_value() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_min integer;
  v_max integer;
begin
  case new.key
    when 'generation.cost_credits' then v_min := 1; v_max := 100000;
    when 'generation.max_in_flight' then v_min := 1; v_max := 100;
    when 'app66.daily_limit' then v_min := 0; v_max := 1000;
    else return new;
  end case;
  if jsonb_typeof(new.value) <> 'number' or new.value::numeric <> trunc(new.value::numeric)
     or new.value::numeric < v_min or new.value::numeric > v_max then
    raise exception 'Setting % must be a whole number from % to %.', new.key, v_min, v_max
      using errcode = '22023';
  end if;
  return new;
end;
$$;

create trigger settings_check_value before insert or update on public.settings
  for each row execute function public.settings_check_value();
