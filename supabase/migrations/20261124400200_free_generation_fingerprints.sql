-- Free conversions (/app66) get the same idempotency rule as paid ones (20261124400000): a key replayed with
-- other parameters or another image is refused (P0422 → HTTP 422) instead of returning an unrelated job.
--
-- notes: create_free_generation is dropped and re-created with one more argument (p_request_hash); the
-- checks and limits are those of 20261122007000_free_generations.sql, unchanged.

drop function public.create_free_generation(text, text, text, integer, text, text);

create function public.create_free_generation(
  p_format text, p_input_key text, p_input_type text, p_input_bytes integer,
  p_idempotency_key text default null, p_ip_hash text default null, p_request_hash text default null
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
  if p_request_hash is not null and char_length(p_request_hash) not between 1 and 128 then
    raise exception 'The request fingerprint must be 1 to 128 characters.' using errcode = '22023';
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
revoke execute on function public.create_free_generation(text, text, text, integer, text, text, text)
  from public, anon, authenticated;
grant execute on function public.create_free_generation(text, text, text, integer, text, text, text)
  to service_role;
