-- Two rules move into SQL:
-- 1. A batch (several images in one request) is charged by ONE function, create_generations: it checks
--    that the balance covers every new item, then creates and charges them all in the same transaction,
--    so a batch is all or nothing, also when several requests of one user race.
-- 2. The paid and the free generation functions share one private helper for what they had copied from
--    each other: input checks, the per-user lock, the idempotency replay and the in-flight limit.
--
-- notes:
-- - `private` is not exposed through the Data API (PostgREST serves `public`), and anon/authenticated
--   have no usage on it: the helper runs only inside the public functions, as their owner.
-- - create_generation and create_free_generation keep their signatures, checks, messages and order of
--   checks (20261124400000, 20261124400200); only their preamble now lives in the helper.
-- - The batch check refuses with the whole batch's need ("these 3 images need 150 credits"); images
--   already created under the same Idempotency-Key (a replayed batch) cost nothing again. A batch of one
--   image keeps the single image's message from the ledger.

create schema if not exists private;
revoke all on schema private from public;
revoke all on schema private from anon, authenticated;

-- The shared preamble. Returns the generation an Idempotency-Key already made (a replay: the caller
-- returns it unchanged), or null when the caller may create a new one. Takes the user's lock (and, for
-- free conversions, the network's), which is held until the transaction ends.
create function private.begin_generation(
  p_kind text, p_format text, p_topology text, p_input_key text,
  p_idempotency_key text, p_request_hash text, p_ip_hash text default null
) returns public.generations
language plpgsql
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.generations;
  v_max integer;
  v_running integer;
begin
  if v_user is null then
    raise exception 'Please sign in to generate a 3D model.' using errcode = '42501';
  end if;
  if p_kind is null or p_kind not in ('model', 'video') then
    raise exception 'kind must be model or video.' using errcode = '22023';
  end if;
  if p_format is null or p_format not in ('glb', 'gltf', 'obj', 'fbx', 'stl') then
    raise exception 'Please select a 3D format: glb, gltf, obj, fbx or stl.' using errcode = '22023';
  end if;
  if p_topology is null or p_topology not in ('low', 'high') then
    raise exception 'topology must be low or high.' using errcode = '22023';
  end if;
  if p_input_key is null or p_input_key = '' then
    raise exception 'An image is required.' using errcode = '22023';
  end if;
  if p_idempotency_key is not null and char_length(p_idempotency_key) not between 1 and 200 then
    raise exception 'Idempotency-Key must be 1 to 200 characters.' using errcode = '22023';
  end if;
  if p_request_hash is not null and char_length(p_request_hash) not between 1 and 128 then
    raise exception 'The request fingerprint must be 1 to 128 characters.' using errcode = '22023';
  end if;
  if p_ip_hash is not null and p_ip_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'The client address hash is malformed.' using errcode = '22023';
  end if;

  -- One creation per user at a time: makes the idempotency lookup and the in-flight count race-free.
  perform 1 from public.profiles p where p.id = v_user for update;
  if not found then
    raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
  end if;
  -- Free conversions also count per network: one creation per network at a time.
  if p_ip_hash is not null then
    perform pg_advisory_xact_lock(hashtextextended('free_generation:' || p_ip_hash, 0));
  end if;

  if p_idempotency_key is not null then
    select * into v_row from public.generations g
     where g.user_id = v_user and g.idempotency_key = p_idempotency_key;
    if found then
      if v_row.request_hash is distinct from p_request_hash
         and v_row.request_hash is not null and p_request_hash is not null then
        raise exception 'This Idempotency-Key was already used for a different request. Use a new key for new parameters or another image.'
          using errcode = 'P0422';
      end if;
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
  return null;
end;
$$;
revoke execute on function private.begin_generation(text, text, text, text, text, text, text)
  from public, anon, authenticated;

-- Paid: the preamble, then the charge, the row and the job.
create or replace function public.create_generation(
  p_kind text, p_format text, p_topology text, p_input_key text, p_input_type text, p_input_bytes integer,
  p_idempotency_key text default null, p_request_hash text default null
) returns public.generations
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.generations;
  v_cost integer;
  v_id uuid := gen_random_uuid();
begin
  v_row := private.begin_generation(p_kind, p_format, p_topology, p_input_key, p_idempotency_key,
                                    p_request_hash);
  if v_row.id is not null then
    return v_row;
  end if;

  v_cost := public.setting_int('generation.cost_credits', 50);
  if v_cost > 0 then
    perform public.apply_credit_change(auth.uid(), -v_cost, 'generation', 'generation:' || v_id);
  end if;

  insert into public.generations (id, user_id, kind, format, topology, cost, input_key, input_type,
                                  input_bytes, idempotency_key, request_hash)
  values (v_id, auth.uid(), p_kind, p_format, p_topology, v_cost, p_input_key,
          coalesce(nullif(p_input_type, ''), 'application/octet-stream'), coalesce(p_input_bytes, 0),
          p_idempotency_key, p_request_hash)
  returning * into v_row;

  perform public.enqueue_generation(v_id);
  return v_row;
end;
$$;

-- Free (/app66): the preamble with the network's lock, then the daily limits, the row and the job.
create or replace function public.create_free_generation(
  p_format text, p_input_key text, p_input_type text, p_input_bytes integer,
  p_idempotency_key text default null, p_ip_hash text default null, p_request_hash text default null
) returns public.generations
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.generations;
  v_limit integer;
  v_ip_limit integer;
  v_id uuid := gen_random_uuid();
begin
  v_row := private.begin_generation('model', p_format, 'low', p_input_key, p_idempotency_key,
                                    p_request_hash, p_ip_hash);
  if v_row.id is not null then
    return v_row;
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
                                  input_bytes, idempotency_key, request_hash)
  values (v_id, v_user, 'model', p_format, 'low', 0, true, p_input_key,
          coalesce(nullif(p_input_type, ''), 'application/octet-stream'), coalesce(p_input_bytes, 0),
          p_idempotency_key, p_request_hash)
  returning * into v_row;
  insert into public.free_generation_uses (generation_id, user_id, ip_hash) values (v_id, v_user, p_ip_hash);

  perform public.enqueue_generation(v_id);
  return v_row;
end;
$$;

-- POST /api/generations with one or several images: every item is created and charged here, in order,
-- or none is. p_items is a JSON array of {"key", "type", "bytes", "idempotency_key", "request_hash"}.
create function public.create_generations(p_kind text, p_format text, p_topology text, p_items jsonb)
returns setof public.generations
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_count integer;
  v_replays integer;
  v_credits integer;
  v_needed integer;
  v_item jsonb;
begin
  if v_user is null then
    raise exception 'Please sign in to generate a 3D model.' using errcode = '42501';
  end if;
  if p_items is null or jsonb_typeof(p_items) <> 'array' or jsonb_array_length(p_items) not between 1 and 10 then
    raise exception 'A request converts 1 to 10 images.' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(p_items) i
              where jsonb_typeof(i) <> 'object'
                 or jsonb_typeof(i -> 'key') is distinct from 'string'
                 or coalesce(jsonb_typeof(i -> 'bytes'), 'null') not in ('number', 'null')
                 or coalesce(jsonb_typeof(i -> 'idempotency_key'), 'null') not in ('string', 'null')
                 or coalesce(jsonb_typeof(i -> 'request_hash'), 'null') not in ('string', 'null')) then
    raise exception 'Each image needs a stored key, and may have a byte size, an Idempotency-Key and a fingerprint.'
      using errcode = '22023';
  end if;

  v_count := jsonb_array_length(p_items);
  if v_count > 1 then
    -- The user's lock first, so the balance read here is the one the charges below spend.
    select p.credits into v_credits from public.profiles p where p.id = v_user for update;
    if not found then
      raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
    end if;
    select count(*) into v_replays from public.generations g
     where g.user_id = v_user
       and g.idempotency_key in (select i ->> 'idempotency_key' from jsonb_array_elements(p_items) i);
    v_count := v_count - v_replays;
    v_needed := public.setting_int('generation.cost_credits', 50) * v_count;
    if v_count > 0 and v_credits < v_needed then
      raise exception 'Not enough credits: these % images need % credits and you have %.', v_count, v_needed, v_credits
        using errcode = 'P0402';
    end if;
  end if;

  for v_item in select i from jsonb_array_elements(p_items) with ordinality as t(i, n) order by n loop
    return next public.create_generation(p_kind, p_format, p_topology, v_item ->> 'key', v_item ->> 'type',
                                         (v_item ->> 'bytes')::integer, v_item ->> 'idempotency_key',
                                         v_item ->> 'request_hash');
  end loop;
  return;
end;
$$;
revoke execute on function public.create_generations(text, text, text, jsonb) from public, anon;
grant execute on function public.create_generations(text, text, text, jsonb) to authenticated, service_role;
