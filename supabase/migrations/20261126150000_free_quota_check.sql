-- The free conversions' daily limits, checked in one place: by create_free_generation when the
-- conversion is made, and by issue_direct_upload when a free upload URL is asked for (which had copied
-- the checks). Same messages and codes as before.
create function private.check_free_quota(p_user uuid, p_ip_hash text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_limit integer := public.setting_int('app66.daily_limit', 3);
begin
  if v_limit <= 0 then
    raise exception 'Free conversions are paused today. Please use credits in the Studio.'
      using errcode = 'P0429';
  end if;
  if public.free_generations_used(p_user, null) >= v_limit then
    raise exception 'You have used your % free conversions for today. Come back tomorrow, or use credits in the Studio.',
      v_limit using errcode = 'P0429';
  end if;
  if p_ip_hash is not null
     and public.free_generations_used(null, p_ip_hash) >= public.setting_int('app66.daily_limit_per_ip', 10) then
    raise exception 'The free conversions for your network are used up for today. Come back tomorrow, or use credits in the Studio.'
      using errcode = 'P0429';
  end if;
end;
$$;
revoke execute on function private.check_free_quota(uuid, text) from public, anon, authenticated;

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
  v_id uuid := gen_random_uuid();
begin
  v_row := private.begin_generation('model', p_format, 'low', p_input_key, p_idempotency_key,
                                    p_request_hash, p_ip_hash);
  if v_row.id is not null then
    return v_row;
  end if;

  perform private.check_free_quota(v_user, p_ip_hash);

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

create or replace function public.issue_direct_upload(
  p_key text, p_purpose text, p_content_type text, p_bytes integer, p_ttl_seconds integer,
  p_ip_hash text default null
) returns public.direct_uploads
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.direct_uploads;
  v_credits integer;
  v_cost integer;
  v_limit integer;
  v_count integer;
begin
  if v_user is null then
    raise exception 'Please sign in to upload an image.' using errcode = '42501';
  end if;
  if p_key is null or split_part(p_key, '/', 2) <> v_user::text then
    raise exception 'An upload must go into your own folder.' using errcode = '22023';
  end if;
  if p_purpose is null or p_purpose not in ('paid', 'free') then
    raise exception 'purpose must be paid or free.' using errcode = '22023';
  end if;
  if p_ttl_seconds is null or p_ttl_seconds not between 1 and 604800 then
    raise exception 'An upload URL lives from 1 second to 7 days.' using errcode = '22023';
  end if;
  if p_ip_hash is not null and p_ip_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'The client address hash is malformed.' using errcode = '22023';
  end if;

  -- One issuance per user at a time, so that the counts below cannot be raced past.
  select p.credits into v_credits from public.profiles p where p.id = v_user for update;
  if not found then
    raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
  end if;

  if p_purpose = 'paid' then
    v_cost := public.setting_int('generation.cost_credits', 50);
    if v_credits < v_cost then
      raise exception 'Not enough credits: this needs % credits and you have %.', v_cost, v_credits
        using errcode = 'P0402';
    end if;
  else
    -- What is known before the conversion is asked for: today's uses of the account and the network.
    perform private.check_free_quota(v_user, p_ip_hash);
  end if;

  v_limit := public.setting_int('uploads.per_minute', 30);
  select count(*) into v_count from public.direct_uploads u
   where u.user_id = v_user and u.created_at > now() - interval '1 minute';
  if v_count >= v_limit then
    raise exception 'You are uploading very fast: at most % images a minute. Please wait a minute and try again.',
      v_limit using errcode = 'P0429';
  end if;
  v_limit := public.setting_int('uploads.max_outstanding', 20);
  select count(*) into v_count from public.direct_uploads u
   where u.user_id = v_user and u.claimed_at is null and u.swept_at is null and u.expires_at > now();
  if v_count >= v_limit then
    raise exception 'You have % uploaded images waiting for a conversion. Start a conversion with them, or try again in a few minutes.',
      v_count using errcode = 'P0429';
  end if;

  insert into public.direct_uploads (key, user_id, purpose, content_type, declared_bytes, expires_at)
  values (p_key, v_user, p_purpose, p_content_type, p_bytes, now() + make_interval(secs => p_ttl_seconds))
  returning * into v_row;
  return v_row;
end;
$$;
