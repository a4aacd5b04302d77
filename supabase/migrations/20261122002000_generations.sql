-- Generations: one row per conversion (image → 3D model, or → turntable video). Created by ONE
-- security-definer function that checks the caller, the in-flight limit and idempotency, spends the cost
-- through the credit ledger, inserts the row and enqueues the worker's job, all in one transaction.
-- Workers move the row forward through their own functions; a failure refunds exactly once.
--
-- notes:
-- - Exactly once: the charge is the ledger row ('generation', 'generation:<id>'), the refund the row
--   ('refund', 'refund:<id>'); both are idempotent in apply_credit_change, and the refund only happens on
--   the one transition into 'failed' (guarded by the status).
-- - Leases: graphile-worker only frees a job whose worker died after 4 hours. Workers therefore heartbeat
--   the generation they run; reap_stale_generations() frees the job of a silent worker after the lease
--   (graphile_worker.force_unlock_workers), so another worker retries it, and fails + refunds it once the
--   job has no attempts left.
-- - Fencing: a worker writes progress and results only while the row names it (worker_id); a worker that
--   lost its lease and wakes up later cannot overwrite the retry's result.

create table public.generations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('model', 'video')),
  status text not null default 'queued' check (status in ('queued', 'processing', 'completed', 'failed')),
  progress real not null default 0 check (progress >= 0 and progress <= 1),
  stage text not null default 'queued' check (char_length(stage) <= 40),
  error text check (char_length(error) <= 1000),
  format text not null check (format in ('glb', 'gltf', 'obj', 'fbx', 'stl')),
  topology text not null check (topology in ('low', 'high')),
  cost integer not null check (cost >= 0),
  -- Storage keys are random (never the user's file name).
  input_key text not null check (char_length(input_key) between 1 and 300),
  input_type text not null default 'application/octet-stream' check (char_length(input_type) <= 100),
  input_bytes integer not null default 0 check (input_bytes >= 0),
  -- {"glb": {"key", "contentType", "bytes", "name"}, ..., "poster": {...}, "thumbnail": {...}, "mp4": {...}}
  outputs jsonb not null default '{}'::jsonb,
  idempotency_key text check (char_length(idempotency_key) between 1 and 200),
  attempts integer not null default 0,
  worker_id text,
  heartbeat_at timestamptz,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz,
  deleted_at timestamptz,
  constraint generations_idempotency_key unique (user_id, idempotency_key)
);
comment on table public.generations is 'Conversions and their results; written only by security-definer functions.';

create index generations_user_id_idx on public.generations (user_id, created_at desc);
create index generations_in_flight_idx on public.generations (status, heartbeat_at)
  where status in ('queued', 'processing');

alter table public.generations enable row level security;
revoke all on public.generations from public, anon, authenticated;
grant select on public.generations to authenticated;

create policy "users can read their own generations" on public.generations
  for select to authenticated using (user_id = (select auth.uid()) and deleted_at is null);
create policy "admins can read every generation" on public.generations
  for select to authenticated using ((select public.is_admin()) and deleted_at is null);

-- An integer setting from public.settings, with a fallback.
create function public.setting_int(p_key text, p_default integer) returns integer
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select (s.value #>> '{}')::integer from public.settings s where s.key = p_key), p_default)
$$;
revoke execute on function public.setting_int(text, integer) from public, anon, authenticated;

-- Enqueues the conversion job when the queue exists (the local stack and workers install it; SQL rule
-- tests run without it). The job key makes a second enqueue of the same generation a no-op update.
create function public.enqueue_generation(p_id uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if to_regproc('graphile_worker.add_job') is not null then
    perform graphile_worker.add_job('convert', json_build_object('id', p_id),
                                    max_attempts := public.setting_int('generation.max_attempts', 3),
                                    job_key := 'generation:' || p_id);
  end if;
end;
$$;
revoke execute on function public.enqueue_generation(uuid) from public, anon, authenticated;

-- POST /api/generations. The upload is already stored under p_input_key (a failure here makes the api
-- delete it). A repeated Idempotency-Key returns the first generation without a second charge (its
-- input_key differs from p_input_key: the caller then deletes the duplicate upload).
create function public.create_generation(
  p_kind text, p_format text, p_topology text, p_input_key text, p_input_type text, p_input_bytes integer,
  p_idempotency_key text default null
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

  -- One creation per user at a time: makes the idempotency lookup and the in-flight count race-free.
  perform 1 from public.profiles p where p.id = v_user for update;
  if not found then
    raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
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

  v_cost := public.setting_int('generation.cost_credits', 50);
  if v_cost > 0 then
    perform public.apply_credit_change(v_user, -v_cost, 'generation', 'generation:' || v_id);
  end if;

  insert into public.generations (id, user_id, kind, format, topology, cost, input_key, input_type,
                                  input_bytes, idempotency_key)
  values (v_id, v_user, p_kind, p_format, p_topology, v_cost, p_input_key,
          coalesce(nullif(p_input_type, ''), 'application/octet-stream'), coalesce(p_input_bytes, 0),
          p_idempotency_key)
  returning * into v_row;

  perform public.enqueue_generation(v_id);
  return v_row;
end;
$$;
revoke execute on function public.create_generation(text, text, text, text, text, integer, text) from public, anon;
grant execute on function public.create_generation(text, text, text, text, text, integer, text)
  to authenticated, service_role;

-- History delete (owner or admin; not while it runs). Returns the storage keys to remove.
create function public.delete_generation(p_id uuid) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.generations;
begin
  select * into v_row from public.generations g where g.id = p_id and g.deleted_at is null for update;
  if not found or (v_row.user_id is distinct from auth.uid() and not public.is_admin()) then
    raise exception 'No generation with this id.' using errcode = 'P0002';
  end if;
  if v_row.status in ('queued', 'processing') then
    raise exception 'This conversion is still running. Please wait for it to finish before deleting it.'
      using errcode = '23505';
  end if;
  update public.generations g set deleted_at = now() where g.id = p_id;
  return jsonb_build_object('input', v_row.input_key,
                            'outputs', coalesce((select jsonb_agg(o.value ->> 'key')
                                                   from jsonb_each(v_row.outputs) o), '[]'::jsonb));
end;
$$;
revoke execute on function public.delete_generation(uuid) from public, anon;
grant execute on function public.delete_generation(uuid) to authenticated, service_role;

-- ── Worker side (service_role / the worker's database user; never the API roles) ─────────────────────

-- Claims the generation for one attempt. Returns null when there is nothing to do (completed, failed,
-- deleted): the job then ends quietly, which makes re-running a job harmless.
create function public.generation_start(p_id uuid, p_worker text, p_attempt integer)
returns public.generations
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.generations;
begin
  update public.generations g
     set status = 'processing', stage = 'starting', progress = 0, worker_id = p_worker,
         heartbeat_at = now(), attempts = greatest(g.attempts, coalesce(p_attempt, g.attempts + 1)),
         started_at = coalesce(g.started_at, now()), error = null
   where g.id = p_id and g.status in ('queued', 'processing') and g.deleted_at is null
  returning * into v_row;
  if not found then
    return null;
  end if;
  return v_row;
end;
$$;

-- Progress and heartbeat in one: false means this worker no longer holds the generation (stop working).
create function public.generation_progress(p_id uuid, p_worker text, p_stage text, p_progress real)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.generations g
     set stage = coalesce(left(p_stage, 40), g.stage),
         progress = coalesce(least(1, greatest(0, p_progress)), g.progress),
         heartbeat_at = now()
   where g.id = p_id and g.status = 'processing' and g.worker_id = p_worker;
  return found;
end;
$$;

create function public.generation_complete(p_id uuid, p_worker text, p_outputs jsonb) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.generations g
     set status = 'completed', stage = 'done', progress = 1, outputs = p_outputs, error = null,
         completed_at = now(), heartbeat_at = now()
   where g.id = p_id and g.status = 'processing' and g.worker_id = p_worker;
  return found;
end;
$$;

-- The one transition into 'failed', with its refund. p_worker null: the reaper (no fencing needed, it
-- only fails generations whose worker went silent).
create function public.generation_fail(p_id uuid, p_worker text, p_error text) returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.generations;
begin
  update public.generations g
     set status = 'failed', stage = 'failed', error = left(coalesce(p_error, 'The conversion failed.'), 1000),
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

-- Frees the jobs of workers that stopped heartbeating, fails (and refunds) those out of attempts, and
-- re-enqueues queued generations that have no job (e.g. created before the queue existed).
-- Returns one row per generation it acted on.
create function public.reap_stale_generations(p_lease_seconds integer default 30)
returns table (generation_id uuid, action text)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_gen record;
  v_job record;
  v_has_job boolean;
begin
  if to_regclass('graphile_worker.jobs') is null then
    return;
  end if;
  for v_gen in
    select g.id, g.worker_id from public.generations g
     where g.status = 'processing'
       and g.heartbeat_at < now() - make_interval(secs => p_lease_seconds)
     for update skip locked
  loop
    select j.id, j.attempts, j.max_attempts, j.locked_by into v_job
      from graphile_worker.jobs j where j.key = 'generation:' || v_gen.id;
    v_has_job := found;
    if v_has_job and v_job.locked_by is not null then
      perform graphile_worker.force_unlock_workers(array[v_job.locked_by]);
    end if;
    if v_has_job and v_job.attempts < v_job.max_attempts then
      update public.generations g set status = 'queued', stage = 'retrying', worker_id = null
       where g.id = v_gen.id;
      generation_id := v_gen.id; action := 'retry'; return next;
    else
      if v_has_job then
        perform graphile_worker.remove_job('generation:' || v_gen.id);
      end if;
      perform public.generation_fail(v_gen.id, null,
        'The conversion stopped unexpectedly and could not be finished. Your credits have been refunded. Please try again.');
      generation_id := v_gen.id; action := 'failed'; return next;
    end if;
  end loop;

  for v_gen in
    select g.id from public.generations g
     where g.status = 'queued' and g.deleted_at is null
       and g.created_at < now() - make_interval(secs => p_lease_seconds)
       and not exists (select 1 from graphile_worker.jobs j where j.key = 'generation:' || g.id)
     for update skip locked
  loop
    perform public.enqueue_generation(v_gen.id);
    generation_id := v_gen.id; action := 'enqueued'; return next;
  end loop;
end;
$$;

revoke execute on function public.generation_start(uuid, text, integer) from public, anon, authenticated;
revoke execute on function public.generation_progress(uuid, text, text, real) from public, anon, authenticated;
revoke execute on function public.generation_complete(uuid, text, jsonb) from public, anon, authenticated;
revoke execute on function public.generation_fail(uuid, text, text) from public, anon, authenticated;
revoke execute on function public.reap_stale_generations(integer) from public, anon, authenticated;
grant execute on function public.generation_start(uuid, text, integer) to service_role;
grant execute on function public.generation_progress(uuid, text, text, real) to service_role;
grant execute on function public.generation_complete(uuid, text, jsonb) to service_role;
grant execute on function public.generation_fail(uuid, text, text) to service_role;
grant execute on function public.reap_stale_generations(integer) to service_role;

insert into public.settings (key, value, is_public) values ('generation.max_attempts', '3', false)
on conflict (key) do nothing;
