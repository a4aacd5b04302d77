-- The turntable video of a model that already exists: part of that model, rendered by the worker from the
-- stored GLB (no second conversion) and free of charge. A 3D Preview started from a new photo is still one
-- conversion (model and video, one price); this is for the model made without it.
--
-- notes:
-- - One row per model (the generation's id is the key): asking again returns the same row, so a double
--   click or a retried request renders once. A failed render may be asked for again (the row goes back to
--   rendering); a ready one is never rendered twice.
-- - No credit moves anywhere in this file: the ledger is untouched by requesting, rendering, failing or
--   re-running a video.
-- - The MP4 joins the generation's own outputs (role "mp4") when it is done, so every download path, the
--   share page and deleting the model treat it like the video of a 3D Preview.
-- - Leases as for conversions: the worker heartbeats the row while it renders; reap_stale_model_videos()
--   frees the job of a silent (killed) worker after the lease so another worker renders it again, and
--   fails it with a reason once the job has no attempts left. Fencing by worker_id: an attempt that lost
--   its lease cannot complete the row.

create table public.model_videos (
  generation_id uuid primary key references public.generations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  status text not null default 'rendering' check (status in ('rendering', 'ready', 'failed')),
  progress real not null default 0 check (progress >= 0 and progress <= 1),
  error text check (char_length(error) <= 1000),
  attempts integer not null default 0,
  worker_id text,
  heartbeat_at timestamptz,
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
comment on table public.model_videos is
  'Turntable videos rendered from a finished model; written only by security-definer functions.';

create index model_videos_rendering_idx on public.model_videos (heartbeat_at) where status = 'rendering';

alter table public.model_videos enable row level security;
revoke all on public.model_videos from public, anon, authenticated;
grant select on public.model_videos to authenticated;
grant select on public.model_videos to service_role;

-- The generations' own policies hide deleted models, so a deleted model's video is hidden with it.
create policy "users can read the videos of their own models" on public.model_videos
  for select to authenticated
  using (user_id = (select auth.uid())
         and exists (select 1 from public.generations g where g.id = generation_id));
create policy "admins can read every video" on public.model_videos
  for select to authenticated
  using ((select public.is_admin()) and exists (select 1 from public.generations g where g.id = generation_id));

-- Enqueues the render when the queue exists (SQL rule tests run without it). The job key makes a second
-- enqueue of the same video a no-op update.
create function public.enqueue_model_video(p_id uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if to_regproc('graphile_worker.add_job') is not null then
    perform graphile_worker.add_job('render_video', json_build_object('id', p_id),
                                    max_attempts := public.setting_int('generation.max_attempts', 3),
                                    job_key := 'video:' || p_id);
  end if;
end;
$$;
revoke execute on function public.enqueue_model_video(uuid) from public, anon, authenticated;

-- POST /api/generations/:id/video and /api/v1/generations/:id/video, as the owner. Free, and safe to
-- repeat: it returns the video's row as it stands.
create function public.request_model_video(p_id uuid) returns public.model_videos
language plpgsql security definer
set search_path = ''
as $$
declare
  v_gen public.generations;
  v_row public.model_videos;
begin
  if auth.uid() is null then
    raise exception 'Please sign in to make a video.' using errcode = '42501';
  end if;
  select * into v_gen from public.generations g
   where g.id = p_id and g.deleted_at is null and g.user_id = auth.uid()
   for update;
  if not found then
    raise exception 'No generation with this id.' using errcode = 'P0002';
  end if;
  if v_gen.status <> 'completed' then
    raise exception 'This model has not finished yet. Its video can be made once the model is ready.'
      using errcode = '23505';
  end if;
  select * into v_row from public.model_videos v where v.generation_id = p_id for update;
  if v_gen.outputs ? 'mp4' then
    -- A 3D Preview made its video with the model: it is ready already.
    if not found then
      insert into public.model_videos (generation_id, user_id, status, progress, finished_at)
      values (p_id, v_gen.user_id, 'ready', 1, v_gen.completed_at)
      returning * into v_row;
    end if;
    return v_row;
  end if;
  if not (v_gen.outputs ? 'glb') then
    raise exception 'This model has no stored GLB to render a video from. Convert the image again to get one.'
      using errcode = '23505';
  end if;
  if found and v_row.status in ('rendering', 'ready') then
    return v_row;
  end if;
  if found then
    update public.model_videos v
       set status = 'rendering', progress = 0, error = null, attempts = 0, worker_id = null,
           heartbeat_at = null, requested_at = now(), started_at = null, finished_at = null
     where v.generation_id = p_id
    returning * into v_row;
  else
    insert into public.model_videos (generation_id, user_id) values (p_id, v_gen.user_id)
    returning * into v_row;
  end if;
  perform public.enqueue_model_video(p_id);
  return v_row;
end;
$$;
revoke execute on function public.request_model_video(uuid) from public, anon;
grant execute on function public.request_model_video(uuid) to authenticated, service_role;

-- The worker takes the render: null when there is nothing to render (ready, failed, or the model deleted).
-- Returns the model's row, whose outputs name the stored GLB.
create function public.model_video_start(p_id uuid, p_worker text, p_attempt integer)
returns public.generations
language plpgsql security definer
set search_path = ''
as $$
declare
  v_gen public.generations;
begin
  select * into v_gen from public.generations g
   where g.id = p_id and g.deleted_at is null and g.status = 'completed';
  if not found then
    return null;
  end if;
  update public.model_videos v
     set worker_id = p_worker, heartbeat_at = now(), started_at = coalesce(v.started_at, now()),
         attempts = greatest(v.attempts, coalesce(p_attempt, v.attempts + 1))
   where v.generation_id = p_id and v.status = 'rendering';
  if not found then
    return null;
  end if;
  return v_gen;
end;
$$;

-- Progress and heartbeat in one: false means this worker no longer holds the render (stop working).
create function public.model_video_progress(p_id uuid, p_worker text, p_progress real) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.model_videos v
     set progress = coalesce(greatest(v.progress, least(1, greatest(0, p_progress))), v.progress),
         heartbeat_at = now()
   where v.generation_id = p_id and v.status = 'rendering' and v.worker_id = p_worker
     and exists (select 1 from public.generations g where g.id = p_id and g.deleted_at is null);
  return found;
end;
$$;

-- The MP4 is stored: it joins the model's outputs and the video is ready, in one transaction. False when
-- this worker no longer holds the render or the model was deleted meanwhile (the caller removes the file).
create function public.model_video_complete(p_id uuid, p_worker text, p_output jsonb) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  if jsonb_typeof(p_output -> 'key') is distinct from 'string'
     or not starts_with(p_output ->> 'key', 'generations/' || p_id || '/')
     or p_output ->> 'key' ~ '\.\.' then
    raise exception 'model_video_complete: the video must be stored under the model''s own folder'
      using errcode = '22023';
  end if;
  update public.model_videos v
     set status = 'ready', progress = 1, error = null, finished_at = now(), heartbeat_at = now()
   where v.generation_id = p_id and v.status = 'rendering' and v.worker_id = p_worker;
  if not found then
    return false;
  end if;
  update public.generations g set outputs = g.outputs || jsonb_build_object('mp4', p_output)
   where g.id = p_id and g.deleted_at is null and g.status = 'completed';
  if not found then
    -- The model went away while its video rendered: the video is not ready after all.
    raise exception 'model_video_complete: the model % was deleted meanwhile', p_id using errcode = 'P0002';
  end if;
  return true;
end;
$$;

-- The render failed, with the reason the owner reads. p_worker null: the reaper (any holder).
create function public.model_video_fail(p_id uuid, p_worker text, p_error text) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.model_videos v
     set status = 'failed', error = left(coalesce(p_error, 'The video could not be made.'), 1000),
         finished_at = now()
   where v.generation_id = p_id and v.status = 'rendering'
     and (p_worker is null or v.worker_id = p_worker or v.worker_id is null);
  return found;
end;
$$;

-- A stopping worker (SIGTERM, grace period over) hands its render back: queued again at once with a fresh
-- job for another worker, and the interrupted attempt does not count (the stop was ours, not the model's).
create function public.model_video_hand_back(p_id uuid, p_worker text) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.model_videos v set worker_id = null, heartbeat_at = now(), attempts = greatest(0, v.attempts - 1)
   where v.generation_id = p_id and v.status = 'rendering' and v.worker_id = p_worker;
  if not found then
    return false;
  end if;
  perform public.enqueue_model_video(p_id);
  return true;
end;
$$;

-- Renders whose worker went silent: the job is freed for another worker, or (no attempts left) the video
-- fails with a reason; renders that lost their job (enqueued before the queue existed) get one again.
create function public.reap_stale_model_videos(p_lease_seconds integer default 30)
returns table (generation_id uuid, action text)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row record;
  v_job record;
  v_has_job boolean;
begin
  if to_regclass('graphile_worker.jobs') is null then
    return;
  end if;
  for v_row in
    select v.generation_id as id from public.model_videos v
     where v.status = 'rendering' and v.worker_id is not null
       and v.heartbeat_at < now() - make_interval(secs => p_lease_seconds)
     for update skip locked
  loop
    select j.id, j.attempts, j.max_attempts, j.locked_by into v_job
      from graphile_worker.jobs j where j.key = 'video:' || v_row.id;
    v_has_job := found;
    if v_has_job and v_job.locked_by is not null then
      perform graphile_worker.force_unlock_workers(array[v_job.locked_by]);
    end if;
    if v_has_job and v_job.attempts < v_job.max_attempts then
      update public.model_videos v set worker_id = null where v.generation_id = v_row.id;
      generation_id := v_row.id; action := 'retry'; return next;
    else
      if v_has_job then
        perform graphile_worker.remove_job('video:' || v_row.id);
      end if;
      perform public.model_video_fail(v_row.id, null,
        'The video stopped unexpectedly and could not be finished. Nothing was charged. Please try again.');
      generation_id := v_row.id; action := 'failed'; return next;
    end if;
  end loop;

  for v_row in
    select v.generation_id as id from public.model_videos v
     where v.status = 'rendering' and v.worker_id is null
       and v.requested_at < now() - make_interval(secs => p_lease_seconds)
       and not exists (select 1 from graphile_worker.jobs j where j.key = 'video:' || v.generation_id)
     for update skip locked
  loop
    perform public.enqueue_model_video(v_row.id);
    generation_id := v_row.id; action := 'enqueued'; return next;
  end loop;
end;
$$;

revoke execute on function public.model_video_start(uuid, text, integer) from public, anon, authenticated;
revoke execute on function public.model_video_progress(uuid, text, real) from public, anon, authenticated;
revoke execute on function public.model_video_complete(uuid, text, jsonb) from public, anon, authenticated;
revoke execute on function public.model_video_fail(uuid, text, text) from public, anon, authenticated;
revoke execute on function public.model_video_hand_back(uuid, text) from public, anon, authenticated;
revoke execute on function public.reap_stale_model_videos(integer) from public, anon, authenticated;
grant execute on function public.model_video_start(uuid, text, integer) to service_role;
grant execute on function public.model_video_progress(uuid, text, real) to service_role;
grant execute on function public.model_video_complete(uuid, text, jsonb) to service_role;
grant execute on function public.model_video_fail(uuid, text, text) to service_role;
grant execute on function public.model_video_hand_back(uuid, text) to service_role;
grant execute on function public.reap_stale_model_videos(integer) to service_role;
