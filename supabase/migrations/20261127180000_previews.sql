-- Free previews: the built-in engine's quick, untextured shape of the photos a user chose, before paying.
--
-- - Only the api (service role, with the caller's claims) creates a preview: the per-network limit needs the
--   client's address, which only the api knows (a keyed hash, as for free conversions).
-- - Limits, all in create_preview: `preview.daily_limit` (10) per account and `preview.daily_limit_per_ip`
--   (30) per network in the last 24 hours, and `preview.max_in_flight` (2) waiting or running per account.
-- - No credits and no ledger row: a preview never touches profiles.credits or credit_ledger.
-- - The photos stay the caller's recorded uploads (direct_uploads, unclaimed) while the preview lives
--   (`preview.keep_minutes`, 60): the upload sweep leaves them alone, and converting the preview claims them
--   with the generation (one upload, no second transfer). After that time the preview sweep deletes the
--   shape and marks it expired; the photos are then swept like any unclaimed upload.
-- - The owner reads their own previews; admins read all; nobody writes them except these functions.

-- The EXIF focal lengths a conversion was made with (from a preview or a guided capture); read by the worker.
alter table public.generations add column focal_lengths jsonb not null default '{}'::jsonb;
comment on column public.generations.focal_lengths is
  'EXIF focal length (35 mm equivalent) per photo that had one: {"front": 26, "right": 26}.';

create table public.previews (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  ip_hash text check (ip_hash is null or ip_hash ~ '^[0-9a-f]{64}$'),
  input_key text not null,
  input_type text not null,
  input_bytes integer not null,
  -- {"right": {"key", "type", "bytes", "focalLength35mm"?}, ...}: the extra views, as for a generation.
  views jsonb not null default '{}'::jsonb,
  -- EXIF focal lengths (35 mm equivalent) of the photos that had one: {"front": 26, "back": 26}.
  focal_lengths jsonb not null default '{}'::jsonb,
  status text not null default 'queued'
    check (status in ('queued', 'processing', 'completed', 'failed', 'converted', 'expired')),
  shape_key text,
  error text,
  stats jsonb,
  generation_id uuid references public.generations (id) on delete set null,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  expires_at timestamptz not null
);
comment on table public.previews is
  'Free quick shapes of chosen photos (no credits, no ledger). Kept until converted or expired.';
create index previews_user_idx on public.previews (user_id, created_at);
create index previews_ip_idx on public.previews (ip_hash, created_at) where ip_hash is not null;
create index previews_live_idx on public.previews (expires_at) where status not in ('converted', 'expired');

alter table public.previews enable row level security;
revoke all on public.previews from public, anon, authenticated;
grant select on public.previews to authenticated;
grant select on public.previews to service_role;
create policy "users can read their own previews" on public.previews
  for select to authenticated using (user_id = (select auth.uid()));
create policy "admins can read every preview" on public.previews
  for select to authenticated using ((select public.is_admin()));

-- How many previews an account and a network started in the last 24 hours; both limits.
create function public.preview_quota(p_ip_hash text default null) returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_limit integer := public.setting_int('preview.daily_limit', 10);
  v_ip_limit integer := public.setting_int('preview.daily_limit_per_ip', 30);
  v_used integer := 0;
  v_ip_used integer := 0;
begin
  if v_user is not null then
    select count(*) into v_used from public.previews p
     where p.user_id = v_user and p.created_at > now() - interval '24 hours';
  end if;
  if p_ip_hash is not null then
    select count(*) into v_ip_used from public.previews p
     where p.ip_hash = p_ip_hash and p.created_at > now() - interval '24 hours';
  end if;
  return jsonb_build_object(
    'limit', v_limit, 'used', v_used, 'remaining', greatest(v_limit - v_used, 0),
    'networkLimit', v_ip_limit, 'networkRemaining', greatest(v_ip_limit - v_ip_used, 0),
    'keepMinutes', public.setting_int('preview.keep_minutes', 60),
    -- The studio's backend setting: a hosted one makes the paid model, the preview stays the built-in engine's.
    'backend', coalesce((select s.value #>> '{}' from public.settings s where s.key = 'generation.backend.app'),
                        'default'));
end;
$$;
revoke execute on function public.preview_quota(text) from public, anon, authenticated;
grant execute on function public.preview_quota(text) to service_role;

-- Enqueues the preview job ahead of waiting conversions (it takes seconds; the user is watching).
create function private.enqueue_preview(p_id uuid) returns void
language plpgsql
set search_path = ''
as $$
begin
  if to_regproc('graphile_worker.add_job') is not null then
    perform graphile_worker.add_job('preview', json_build_object('id', p_id), max_attempts := 2,
                                    job_key := 'preview:' || p_id, priority := -10);
  end if;
end;
$$;
revoke execute on function private.enqueue_preview(uuid) from public, anon, authenticated;

-- The three limits of a new preview, with their messages (create_preview, and the api before it stores
-- anything: preview_check).
create function private.check_preview_quota(p_user uuid, p_ip_hash text) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_used integer;
  v_limit integer;
begin
  v_limit := public.setting_int('preview.daily_limit', 10);
  select count(*) into v_used from public.previews p
   where p.user_id = p_user and p.created_at > now() - interval '24 hours';
  if v_used >= v_limit then
    raise exception 'You have seen your % free previews for today. You can still convert without a preview.',
      v_limit using errcode = 'P0429';
  end if;
  if p_ip_hash is not null then
    v_limit := public.setting_int('preview.daily_limit_per_ip', 30);
    select count(*) into v_used from public.previews p
     where p.ip_hash = p_ip_hash and p.created_at > now() - interval '24 hours';
    if v_used >= v_limit then
      raise exception 'The free previews for your network are used up for today. You can still convert without a preview.'
        using errcode = 'P0429';
    end if;
  end if;
  v_limit := public.setting_int('preview.max_in_flight', 2);
  select count(*) into v_used from public.previews p
   where p.user_id = p_user and p.status in ('queued', 'processing');
  if v_used >= v_limit then
    raise exception 'A preview is still being made. Please wait for it before asking for another.'
      using errcode = 'P0429';
  end if;
end;
$$;
revoke execute on function private.check_preview_quota(uuid, text) from public, anon, authenticated;

create function public.preview_check(p_ip_hash text default null) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Please sign in to see a free preview.' using errcode = '42501';
  end if;
  perform private.check_preview_quota(auth.uid(), p_ip_hash);
end;
$$;
revoke execute on function public.preview_check(text) from public, anon, authenticated;
grant execute on function public.preview_check(text) to service_role;

-- POST /api/previews. The photos are already stored and recorded as the caller's uploads
-- (record_api_uploads); each must be one of theirs, unused and not swept. p_views: {"right": {"key",
-- "type", "bytes"}, ...}.
create function public.create_preview(
  p_input_key text, p_input_type text, p_input_bytes integer, p_views jsonb default '{}'::jsonb,
  p_ip_hash text default null, p_focal_lengths jsonb default '{}'::jsonb
) returns public.previews
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.previews;
  v_view text;
  v_key text;
begin
  if v_user is null then
    raise exception 'Please sign in to see a free preview.' using errcode = '42501';
  end if;
  if p_ip_hash is not null and p_ip_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'The client address hash is malformed.' using errcode = '22023';
  end if;
  if p_views is null or jsonb_typeof(p_views) <> 'object' then
    raise exception 'views must be an object.' using errcode = '22023';
  end if;
  if p_focal_lengths is null or jsonb_typeof(p_focal_lengths) <> 'object'
     or exists (select 1 from jsonb_each(p_focal_lengths) f
                 where f.key not in ('front', 'right', 'back', 'left') or jsonb_typeof(f.value) <> 'number'
                    or (f.value #>> '{}')::numeric not between 8 and 600) then
    raise exception 'A focal length (35 mm equivalent) is a number from 8 to 600 for front, right, back or left.'
      using errcode = '22023';
  end if;
  for v_view in select jsonb_object_keys(p_views) loop
    if v_view not in ('right', 'back', 'left') then
      raise exception 'A view is right, back or left.' using errcode = '22023';
    end if;
  end loop;
  -- One preview at a time per account, so the counts below cannot be raced past.
  perform 1 from public.profiles p where p.id = v_user for update;
  if not found then
    raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
  end if;

  perform private.check_preview_quota(v_user, p_ip_hash);
  -- Every photo is the caller's recorded upload, unused and not swept (the proof of the generation path).
  perform private.prove_upload(p_input_key, v_user);
  for v_key in select e.value ->> 'key' from jsonb_each(p_views) e loop
    perform private.prove_upload(v_key, v_user);
  end loop;

  insert into public.previews (user_id, ip_hash, input_key, input_type, input_bytes, views, focal_lengths,
                               expires_at)
  values (v_user, p_ip_hash, p_input_key, coalesce(nullif(p_input_type, ''), 'application/octet-stream'),
          coalesce(p_input_bytes, 0), p_views, p_focal_lengths,
          now() + make_interval(mins => public.setting_int('preview.keep_minutes', 60)))
  returning * into v_row;
  perform private.enqueue_preview(v_row.id);
  return v_row;
end;
$$;
revoke execute on function public.create_preview(text, text, integer, jsonb, text, jsonb) from public, anon, authenticated;
grant execute on function public.create_preview(text, text, integer, jsonb, text, jsonb) to service_role;

-- The worker: takes a queued preview (null when it is gone, expired or already made).
create function public.preview_start(p_id uuid) returns public.previews
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.previews;
begin
  update public.previews p set status = 'processing', started_at = now()
   where p.id = p_id and p.status in ('queued', 'processing') and p.expires_at > now()
  returning * into v_row;
  return v_row;
end;
$$;

create function public.preview_complete(p_id uuid, p_shape_key text, p_stats jsonb) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  if p_shape_key is null or p_shape_key <> 'previews/' || p_id || '/shape.glb' then
    raise exception 'A preview''s shape is stored under previews/<id>/shape.glb.' using errcode = '22023';
  end if;
  update public.previews p set status = 'completed', shape_key = p_shape_key, stats = p_stats,
                               finished_at = now(), error = null
   where p.id = p_id and p.status = 'processing';
  return found;
end;
$$;

create function public.preview_fail(p_id uuid, p_error text) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.previews p set status = 'failed', error = left(coalesce(p_error, 'The preview failed.'), 500),
                               finished_at = now()
   where p.id = p_id and p.status in ('queued', 'processing');
  return found;
end;
$$;
revoke execute on function public.preview_start(uuid) from public, anon, authenticated;
revoke execute on function public.preview_complete(uuid, text, jsonb) from public, anon, authenticated;
revoke execute on function public.preview_fail(uuid, text) from public, anon, authenticated;
grant execute on function public.preview_start(uuid) to service_role;
grant execute on function public.preview_complete(uuid, text, jsonb) to service_role;
grant execute on function public.preview_fail(uuid, text) to service_role;

-- The paid conversion started from a preview, in the transaction that created the generation (as the
-- caller): the preview is theirs, made and live, and the generation is theirs and names the preview's
-- photo. A preview converts once.
create function public.mark_preview_converted(p_id uuid, p_generation uuid) returns public.previews
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.previews;
begin
  select * into v_row from public.previews p where p.id = p_id for update;
  if not found or v_row.user_id is distinct from v_user then
    raise exception 'No preview with this id.' using errcode = 'P0002';
  end if;
  if v_row.status = 'converted' then
    raise exception 'This preview was converted already: see My models.' using errcode = 'P0409';
  end if;
  if v_row.status = 'expired' or v_row.expires_at <= now() then
    raise exception 'This preview has expired. Choose the photos again.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.generations g
                  where g.id = p_generation and g.user_id = v_user and g.input_key = v_row.input_key) then
    raise exception 'The conversion must be made from the preview''s photos.' using errcode = '22023';
  end if;
  update public.previews p set status = 'converted', generation_id = p_generation
   where p.id = p_id returning * into v_row;
  -- The engine can use the photos' focal lengths (the multi-view input's focalLength35mm).
  update public.generations g set focal_lengths = v_row.focal_lengths where g.id = p_generation;
  return v_row;
end;
$$;
revoke execute on function public.mark_preview_converted(uuid, uuid) from public, anon;
grant execute on function public.mark_preview_converted(uuid, uuid) to authenticated;

-- The preview sweep (worker): live previews past their time, locked so several workers take different
-- ones; the caller deletes each shape, then marks them expired.
create function public.take_expired_previews(p_limit integer default 100)
returns table (id uuid, shape_key text)
language sql security definer
set search_path = ''
as $$
  select p.id, p.shape_key from public.previews p
   where p.status not in ('converted', 'expired') and p.expires_at <= now()
   order by p.expires_at
   limit least(greatest(coalesce(p_limit, 100), 1), 1000)
   for update of p skip locked;
$$;

create function public.mark_previews_expired(p_ids uuid[]) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.previews p set status = 'expired', shape_key = null
   where p.id = any(p_ids) and p.status not in ('converted', 'expired');
  get diagnostics v_count = row_count;
  -- Rows stay a day for the limits, then go.
  delete from public.previews p where p.created_at < now() - interval '2 days'
                                  and p.status in ('converted', 'expired');
  return v_count;
end;
$$;
revoke execute on function public.take_expired_previews(integer) from public, anon, authenticated;
revoke execute on function public.mark_previews_expired(uuid[]) from public, anon, authenticated;
grant execute on function public.take_expired_previews(integer) to service_role;
grant execute on function public.mark_previews_expired(uuid[]) to service_role;

-- Restated from 20261126140000 (its latest definition): an upload a live preview names is not swept either.
create or replace function public.take_unclaimed_uploads(p_grace_seconds integer, p_limit integer default 100)
returns table (key text)
language sql security definer
set search_path = ''
as $$
  select u.key from public.direct_uploads u
   where u.claimed_at is null and u.swept_at is null
     and u.expires_at + make_interval(secs => greatest(coalesce(p_grace_seconds, 0), 0)) < now()
     and not exists (select 1 from public.generations g where g.input_key = u.key)
     and not exists (select 1 from public.generation_views v where v.input_key = u.key)
     and not exists (select 1 from public.previews p
                      where p.status not in ('converted', 'expired') and p.expires_at > now()
                        and (p.input_key = u.key
                             or exists (select 1 from jsonb_each(p.views) e where e.value ->> 'key' = u.key)))
   order by u.expires_at
   limit least(greatest(coalesce(p_limit, 100), 1), 1000)
   for update of u skip locked;
$$;
