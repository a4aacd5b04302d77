-- Free conversions on /app66 (spec §2 'Studio (App66)'): no credits, low topology, a 3D model only, limited
-- per account per day (public setting app66.daily_limit, 3) and per client IP address per day (private
-- setting app66.daily_limit_per_ip, 10), so that many accounts from one place cannot multiply the quota.
--
-- notes:
-- - The IP address is known only to the api function, which passes it as a keyed hash (never in the clear,
--   as the forms do). create_free_generation() therefore runs for the service role only: granting it to
--   `authenticated` would let anyone call it through the data API with a made-up hash. The api calls it with
--   the caller's claims set, so auth.uid() is still who asks.
-- - A free generation costs 0 and never touches the credit ledger: generation_fail() refunds only cost > 0,
--   and for cost 0 drops the "credits refunded" sentence the worker and the reaper put in their messages.
-- - What counts against the quota: every free conversion created today (UTC) that has not failed. A failed
--   one gives the try back (like the refund of a paid one); deleting one from the history does not.
--   The uses live in their own table (readable by nobody but admins) so the IP hashes never show in a
--   user's own rows, and they outlive a deleted account (a new account on the same network gains nothing).

alter table public.generations add column free boolean not null default false;
comment on column public.generations.free is 'A free /app66 conversion (cost 0, no ledger rows).';

create table public.free_generation_uses (
  id bigint generated always as identity primary key,
  generation_id uuid unique references public.generations (id) on delete set null,
  user_id uuid references auth.users (id) on delete set null,
  -- HMAC-SHA-256 of the client's IP address (keyed by a server secret); null when the api saw none.
  ip_hash text check (ip_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
comment on table public.free_generation_uses is 'One row per free conversion, for the daily limits.';

create index free_generation_uses_user_idx on public.free_generation_uses (user_id, created_at);
create index free_generation_uses_ip_idx on public.free_generation_uses (ip_hash, created_at)
  where ip_hash is not null;

alter table public.free_generation_uses enable row level security;
revoke all on public.free_generation_uses from public, anon, authenticated;
grant select on public.free_generation_uses to authenticated;

create policy "admins can read free generation uses" on public.free_generation_uses
  for select to authenticated using ((select public.is_admin()));

insert into public.settings (key, value, is_public) values ('app66.daily_limit_per_ip', '10', false)
on conflict (key) do nothing;

-- Free conversions used today (UTC) by an account or an IP hash; failed ones are not counted.
create function public.free_generations_used(p_user uuid, p_ip_hash text) returns integer
language sql stable security definer
set search_path = ''
as $$
  select count(*)::integer
    from public.free_generation_uses u
    left join public.generations g on g.id = u.generation_id
   where u.created_at >= date_trunc('day', now(), 'UTC')
     and ((p_user is not null and u.user_id = p_user) or (p_ip_hash is not null and u.ip_hash = p_ip_hash))
     and (g.id is null or g.status <> 'failed')
$$;
revoke execute on function public.free_generations_used(uuid, text) from public, anon, authenticated;

-- GET /api/generations/free/quota: {limit, used, remaining} for the caller (auth.uid(), may be signed out)
-- and their network. `used` is the account's own count; `remaining` also respects the network's limit.
create function public.free_generation_quota(p_ip_hash text default null) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_limit integer := public.setting_int('app66.daily_limit', 3);
  v_ip_limit integer := public.setting_int('app66.daily_limit_per_ip', 10);
  v_used integer := 0;
  v_ip_used integer := 0;
begin
  if v_user is not null then
    v_used := public.free_generations_used(v_user, null);
  end if;
  if p_ip_hash is not null then
    v_ip_used := public.free_generations_used(null, p_ip_hash);
  end if;
  return jsonb_build_object(
    'limit', v_limit,
    'used', v_used,
    'remaining', greatest(0, least(v_limit - v_used, v_ip_limit - v_ip_used)));
end;
$$;
revoke execute on function public.free_generation_quota(text) from public, anon, authenticated;
grant execute on function public.free_generation_quota(text) to service_role;

-- POST /api/generations/free. As create_generation (caller, in-flight limit, idempotency, one transaction
-- with the job), but a model in low topology at cost 0, within the daily limits (P0429).
create function public.create_free_generation(
  p_format text, p_input_key text, p_input_type text, p_input_bytes integer,
  p_idempotency_key text default null, p_ip_hash text default null
) returns public.generations
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.generations;
  v_max integer;
  v_running integer;
  v_limit integer;
  v_ip_limit integer;
  v_id uuid := gen_random_uuid();
begin
  if v_user is null then
    raise exception 'Please sign in to generate a 3D model.' using errcode = '42501';
  end if;
  if p_format is null or p_format not in ('glb', 'gltf', 'obj', 'fbx', 'stl') then
    raise exception 'Please select a 3D format: glb, gltf, obj, fbx or stl.' using errcode = '22023';
  end if;
  if p_input_key is null or p_input_key = '' then
    raise exception 'An image is required.' using errcode = '22023';
  end if;
  if p_idempotency_key is not null and char_length(p_idempotency_key) not between 1 and 200 then
    raise exception 'Idempotency-Key must be 1 to 200 characters.' using errcode = '22023';
  end if;
  if p_ip_hash is not null and p_ip_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'The client address hash is malformed.' using errcode = '22023';
  end if;

  -- One creation per user at a time (as create_generation), and per network for the IP count.
  perform 1 from public.profiles p where p.id = v_user for update;
  if not found then
    raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
  end if;
  if p_ip_hash is not null then
    perform pg_advisory_xact_lock(hashtextextended('free_generation:' || p_ip_hash, 0));
  end if;

  if p_idempotency_key is not null then
    select * into v_row from public.generations g
     where g.user_id = v_user and g.idempotency_key = p_idempotency_key;
    if found then
      return v_row;
    end if;
  end if;

  v_max := public.setting_int('generation.max_in_flight', 3);
  select count(*) into v_running from public.generations g
   where g.user_id = v_user and g.status in ('queued', 'processing') and g.deleted_at is null;
  if v_running >= v_max then
    raise exception 'You already have % conversions running. Please wait for one to finish.', v_max
      using errcode = 'P0429';
  end if;

  v_limit := public.setting_int('app66.daily_limit', 3);
  if v_limit <= 0 then
    raise exception 'Free conversions are paused today. Please use credits in the Studio.'
      using errcode = 'P0429';
  end if;
  if public.free_generations_used(v_user, null) >= v_limit then
    raise exception 'You have used your % free conversions for today. Come back tomorrow, or use credits in the Studio.',
      v_limit using errcode = 'P0429';
  end if;
  v_ip_limit := public.setting_int('app66.daily_limit_per_ip', 10);
  if p_ip_hash is not null and public.free_generations_used(null, p_ip_hash) >= v_ip_limit then
    raise exception 'The free conversions for your network are used up for today. Come back tomorrow, or use credits in the Studio.'
      using errcode = 'P0429';
  end if;

  insert into public.generations (id, user_id, kind, format, topology, cost, free, input_key, input_type,
                                  input_bytes, idempotency_key)
  values (v_id, v_user, 'model', p_format, 'low', 0, true, p_input_key,
          coalesce(nullif(p_input_type, ''), 'application/octet-stream'), coalesce(p_input_bytes, 0),
          p_idempotency_key)
  returning * into v_row;
  insert into public.free_generation_uses (generation_id, user_id, ip_hash) values (v_id, v_user, p_ip_hash);

  perform public.enqueue_generation(v_id);
  return v_row;
end;
$$;
revoke execute on function public.create_free_generation(text, text, text, integer, text, text)
  from public, anon, authenticated;
grant execute on function public.create_free_generation(text, text, text, integer, text, text) to service_role;

-- The one transition into 'failed' (as before): a refund only for what was paid. A free conversion has no
-- ledger rows, and its message must not promise a refund (the worker's and the reaper's texts do).
create or replace function public.generation_fail(p_id uuid, p_worker text, p_error text) returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.generations;
  v_error text := coalesce(p_error, 'The conversion failed.');
begin
  update public.generations g
     set status = 'failed', stage = 'failed',
         error = left(case when g.cost > 0 then v_error
                           else replace(v_error, ' Your credits have been refunded.', '') end, 1000),
         completed_at = now()
   where g.id = p_id and g.status in ('queued', 'processing')
     and (p_worker is null or g.worker_id = p_worker or g.status = 'queued')
  returning * into v_row;
  if not found then
    return false;
  end if;
  if v_row.cost > 0 then
    perform public.apply_credit_change(v_row.user_id, v_row.cost, 'refund', 'refund:' || v_row.id);
  end if;
  return true;
end;
$$;
revoke execute on function public.generation_fail(uuid, text, text) from public, anon, authenticated;
grant execute on function public.generation_fail(uuid, text, text) to service_role;
