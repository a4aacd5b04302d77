-- The rules of a new conversion, one small function each, so that a migration changing one rule restates
-- only that function (see supabase/README.md, "Changing a function"). private.begin_generation was one
-- 80-line body (input checks, the user's lock, the Idempotency-Key replay, the upload's proof, the in-flight
-- limit) that every change to any of them copied whole; create_generations stated the in-flight rule a
-- second time for batches.
--
-- - private.check_generation_input: the arguments' values (kinds, formats, topologies, key lengths).
-- - private.generation_replay: the generation an Idempotency-Key already made, or null.
-- - private.check_in_flight: the in-flight limit (`generation.max_in_flight`, 3), for one image or a batch.
-- - private.begin_generation composes them; public.create_generations asks check_in_flight for its batch.
--
-- notes:
-- - Same checks, messages, codes and order as 20261127100000 (begin_generation) and 20261127100300
--   (create_generations); the bodies below are restated from those, their latest definitions.

create function private.check_generation_input(
  p_kind text, p_format text, p_topology text, p_input_key text,
  p_idempotency_key text, p_request_hash text, p_ip_hash text
) returns void
language plpgsql immutable
set search_path = ''
as $$
begin
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
end;
$$;
revoke execute on function private.check_generation_input(text, text, text, text, text, text, text)
  from public, anon, authenticated;

-- Null when the key is new (or there is none); a key reused with another request is refused (422).
create function private.generation_replay(p_user uuid, p_idempotency_key text, p_request_hash text)
returns public.generations
language plpgsql stable
set search_path = ''
as $$
declare
  v_row public.generations;
begin
  if p_idempotency_key is null then
    return null;
  end if;
  select * into v_row from public.generations g
   where g.user_id = p_user and g.idempotency_key = p_idempotency_key;
  if not found then
    return null;
  end if;
  if v_row.request_hash is distinct from p_request_hash
     and v_row.request_hash is not null and p_request_hash is not null then
    raise exception 'This Idempotency-Key was already used for a different request. Use a new key for new parameters or another image.'
      using errcode = 'P0422';
  end if;
  return v_row;
end;
$$;
revoke execute on function private.generation_replay(uuid, text, text) from public, anon, authenticated;

-- p_new conversions about to start for p_user (whose lock the caller holds); p_batch says whether they are
-- the images of one request, which is told the largest batch that can start now.
create function private.check_in_flight(p_user uuid, p_new integer, p_batch boolean default false)
returns void
language plpgsql stable
set search_path = ''
as $$
declare
  v_max integer := public.setting_int('generation.max_in_flight', 3);
  v_running integer;
begin
  select count(*) into v_running from public.generations g
   where g.user_id = p_user and g.status in ('queued', 'processing') and g.deleted_at is null;
  if not p_batch and v_running + p_new > v_max then
    raise exception 'You already have % conversions running. Please wait for one to finish.', v_max
      using errcode = 'P0429';
  end if;
  if p_batch and p_new > 0 and v_running + p_new > v_max then
    raise exception 'At most % conversions can run at once, and each image of a batch is one: % running now, so at most % more can start. Please choose fewer images or wait for one to finish.',
      v_max, v_running, greatest(v_max - v_running, 0) using errcode = 'P0429';
  end if;
end;
$$;
revoke execute on function private.check_in_flight(uuid, integer, boolean) from public, anon, authenticated;

create or replace function private.begin_generation(
  p_kind text, p_format text, p_topology text, p_input_key text,
  p_idempotency_key text, p_request_hash text, p_ip_hash text default null
) returns public.generations
language plpgsql
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.generations;
begin
  if v_user is null then
    raise exception 'Please sign in to generate a 3D model.' using errcode = '42501';
  end if;
  perform private.check_generation_input(p_kind, p_format, p_topology, p_input_key, p_idempotency_key,
                                         p_request_hash, p_ip_hash);

  -- One creation per user at a time: makes the idempotency lookup and the in-flight count race-free.
  perform 1 from public.profiles p where p.id = v_user for update;
  if not found then
    raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
  end if;
  -- Free conversions also count per network: one creation per network at a time.
  if p_ip_hash is not null then
    perform pg_advisory_xact_lock(hashtextextended('free_generation:' || p_ip_hash, 0));
  end if;

  v_row := private.generation_replay(v_user, p_idempotency_key, p_request_hash);
  if v_row.id is not null then
    return v_row;
  end if;

  -- A new generation: its image must be the caller's own upload, not yet used.
  perform private.prove_upload(p_input_key, v_user);
  perform private.check_in_flight(v_user, 1);
  return null;
end;
$$;

-- The batch's check before any item is made: the user's lock, the in-flight count and the balance.
create or replace function public.create_generations(p_kind text, p_format text, p_topology text, p_items jsonb)
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
    -- The user's lock first, so the counts read here are the ones the items below meet.
    select p.credits into v_credits from public.profiles p where p.id = v_user for update;
    if not found then
      raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
    end if;
    select count(*) into v_replays from public.generations g
     where g.user_id = v_user
       and g.idempotency_key in (select i ->> 'idempotency_key' from jsonb_array_elements(p_items) i);
    v_count := v_count - v_replays;
    -- A replayed key with another image or other parameters is that request's answer (422), whatever the
    -- counts below would say.
    if exists (select 1 from public.generations g
                 join jsonb_array_elements(p_items) i on g.idempotency_key = i ->> 'idempotency_key'
                where g.user_id = v_user and g.request_hash is not null and i ->> 'request_hash' is not null
                  and g.request_hash <> i ->> 'request_hash') then
      raise exception 'This Idempotency-Key was already used for a different request. Use a new key for new parameters or another image.'
        using errcode = 'P0422';
    end if;
    perform private.check_in_flight(v_user, v_count, true);
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
