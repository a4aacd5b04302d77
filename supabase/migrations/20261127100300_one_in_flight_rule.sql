-- One rule for how many conversions run at once, stated the same everywhere: an account has at most
-- `generation.max_in_flight` (3) conversions queued or processing, and each image of a batch is one. A batch
-- of 4 to 10 images was refused with "You already have 3 conversions running" while nothing ran, and the
-- studio offered 10 images. Now:
-- - create_generations refuses a batch that would pass the limit up front, saying the rule and how many
--   can start now (the single-image message stays: it is exact there);
-- - public_settings() gives the limit (maxInFlight), so GET /api/config can state the largest batch
--   (the smaller of the api's batch cap and this limit) and the studio shows it.
create or replace function public.public_settings() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'generationCost', public.setting_int('generation.cost_credits', 50),
    'freeDailyLimit', public.setting_int('app66.daily_limit', 3),
    'maxInFlight', public.setting_int('generation.max_in_flight', 3)
  )
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
  v_running integer;
  v_max integer;
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
    v_max := public.setting_int('generation.max_in_flight', 3);
    select count(*) into v_running from public.generations g
     where g.user_id = v_user and g.status in ('queued', 'processing') and g.deleted_at is null;
    if v_count > 0 and v_running + v_count > v_max then
      raise exception 'At most % conversions can run at once, and each image of a batch is one: % running now, so at most % more can start. Please choose fewer images or wait for one to finish.',
        v_max, v_running, greatest(v_max - v_running, 0) using errcode = 'P0429';
    end if;
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
