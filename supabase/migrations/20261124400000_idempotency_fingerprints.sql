-- Idempotency as Stripe does it: a key names ONE request. A replay with the same parameters returns the
-- first result without a second charge; the same key with other parameters is refused (P0422 → HTTP 422)
-- instead of silently answering with an unrelated job. Admin credit grants take a key too.
--
-- notes:
-- - The api namespaces the keys it stores (single, batch item n, free), so a batch's per-item keys can
--   never meet a single request's key; this file only compares fingerprints.
-- - request_hash is an opaque digest the api computes over everything that defines the request (kind,
--   format, topology, batch size, the image's SHA-256). Rows made before this column existed have none and
--   replay as before.
-- - create_generation is dropped and re-created with one more argument (p_request_hash): same checks,
--   same order, plus the fingerprint comparison on a replay.

alter table public.generations
  add column request_hash text check (char_length(request_hash) between 1 and 128);

drop function public.create_generation(text, text, text, text, text, integer, text);

create function public.create_generation(
  p_kind text, p_format text, p_topology text, p_input_key text, p_input_type text, p_input_bytes integer,
  p_idempotency_key text default null, p_request_hash text default null
) returns public.generations
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.generations;
  v_max integer;
  v_running integer;
  v_cost integer;
  v_id uuid := gen_random_uuid();
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

  -- One creation per user at a time: makes the idempotency lookup and the in-flight count race-free.
  perform 1 from public.profiles p where p.id = v_user for update;
  if not found then
    raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
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

  v_cost := public.setting_int('generation.cost_credits', 50);
  if v_cost > 0 then
    perform public.apply_credit_change(v_user, -v_cost, 'generation', 'generation:' || v_id);
  end if;

  insert into public.generations (id, user_id, kind, format, topology, cost, input_key, input_type,
                                  input_bytes, idempotency_key, request_hash)
  values (v_id, v_user, p_kind, p_format, p_topology, v_cost, p_input_key,
          coalesce(nullif(p_input_type, ''), 'application/octet-stream'), coalesce(p_input_bytes, 0),
          p_idempotency_key, p_request_hash)
  returning * into v_row;

  perform public.enqueue_generation(v_id);
  return v_row;
end;
$$;
revoke execute on function public.create_generation(text, text, text, text, text, integer, text, text)
  from public, anon;
grant execute on function public.create_generation(text, text, text, text, text, integer, text, text)
  to authenticated, service_role;

-- POST /api/users/{id}/credits/add with an Idempotency-Key: the ledger reference names the admin and the
-- key, so a retried grant is applied once, and the key reused for another user or amount is refused.
create function public.admin_grant_credits(p_user uuid, p_amount integer, p_idempotency_key text)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v_reference text;
  v_done record;
  v_balance integer;
begin
  if not public.is_admin() then
    raise exception 'Only administrators can add credits.' using errcode = '42501';
  end if;
  if p_amount is null or p_amount = 0 or abs(p_amount) > 10000000 then
    raise exception 'creditsToAdd must be a whole number between -10,000,000 and 10,000,000, not 0.'
      using errcode = '22023';
  end if;
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 150 then
    raise exception 'Idempotency-Key must be 1 to 150 characters.' using errcode = '22023';
  end if;
  v_reference := 'grant:' || auth.uid() || ':' || p_idempotency_key;

  -- The balance lock first: a parallel retry waits here, then sees the first grant's ledger row.
  select p.credits into v_balance from public.profiles p where p.id = p_user for update;
  if not found then
    raise exception 'No account exists with id %.', p_user using errcode = 'P0002';
  end if;
  select l.user_id, l.delta into v_done from public.credit_ledger l
   where l.reason = 'admin' and l.reference = v_reference;
  if found then
    if v_done.user_id <> p_user or v_done.delta <> p_amount then
      raise exception 'This Idempotency-Key was already used for a different grant. Use a new key for a new grant.'
        using errcode = 'P0422';
    end if;
    return v_balance;
  end if;
  return public.apply_credit_change(p_user, p_amount, 'admin', v_reference);
end;
$$;
revoke execute on function public.admin_grant_credits(uuid, integer, text) from public, anon;
grant execute on function public.admin_grant_credits(uuid, integer, text) to authenticated, service_role;
