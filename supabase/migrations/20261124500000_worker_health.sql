-- Worker heartbeats and the service's health as one SQL answer.
--
-- Every worker process upserts its row every few seconds whether or not it is converting (the engine runs
-- off its event loop), and deletes it on a clean stop. `/api/health` reads service_health(): a conversion
-- can happen only when at least one worker was seen within the staleness window, and the queue's depth and
-- oldest wait tell an orchestrator or a person whether to add workers.

create table public.worker_heartbeats (
  worker_id text primary key check (char_length(worker_id) between 1 and 200),
  hostname text not null default '' check (char_length(hostname) <= 200),
  pid integer,
  concurrency integer not null default 1 check (concurrency >= 1),
  running_jobs integer not null default 0 check (running_jobs >= 0),
  -- true between SIGTERM and exit: the worker takes no new jobs.
  stopping boolean not null default false,
  started_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);
comment on table public.worker_heartbeats is 'One row per live worker process; written only by security-definer functions.';

alter table public.worker_heartbeats enable row level security;
revoke all on public.worker_heartbeats from public, anon, authenticated;
grant select on public.worker_heartbeats to authenticated;

create policy "admins can read worker heartbeats" on public.worker_heartbeats
  for select to authenticated using ((select public.is_admin()));

-- Called by each worker every few seconds. Rows of workers silent for a day are dropped here, so a fleet
-- that crashed long ago does not linger.
create function public.worker_heartbeat(
  p_worker_id text, p_hostname text, p_pid integer, p_concurrency integer, p_running_jobs integer,
  p_stopping boolean default false
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.worker_heartbeats as w (worker_id, hostname, pid, concurrency, running_jobs, stopping)
  values (p_worker_id, coalesce(left(p_hostname, 200), ''), p_pid, greatest(1, coalesce(p_concurrency, 1)),
          greatest(0, coalesce(p_running_jobs, 0)), coalesce(p_stopping, false))
  on conflict (worker_id) do update
     set hostname = excluded.hostname, pid = excluded.pid, concurrency = excluded.concurrency,
         running_jobs = excluded.running_jobs, stopping = excluded.stopping, seen_at = now();
  delete from public.worker_heartbeats w where w.seen_at < now() - interval '1 day';
end;
$$;

-- A clean stop: the worker is gone at once rather than after the staleness window.
create function public.worker_stopped(p_worker_id text) returns void
language sql security definer
set search_path = ''
as $$
  delete from public.worker_heartbeats w where w.worker_id = p_worker_id;
$$;

-- {workers: {live, busy, lastHeartbeatAt, lastHeartbeatAgeSeconds}, queue: {depth, running,
--  oldestWaitSeconds}}. A worker is live when seen within p_stale_seconds and not stopping.
-- Queue wait counts from the last time the generation started waiting: its last heartbeat when the reaper
-- handed it back, its creation otherwise.
create function public.service_health(p_stale_seconds integer default 30) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'workers', (
      select jsonb_build_object(
        'live', count(*) filter (where w.seen_at >= now() - make_interval(secs => p_stale_seconds) and not w.stopping),
        'busy', coalesce(sum(w.running_jobs) filter (where w.seen_at >= now() - make_interval(secs => p_stale_seconds)), 0),
        'lastHeartbeatAt', max(w.seen_at),
        'lastHeartbeatAgeSeconds', round(extract(epoch from now() - max(w.seen_at))::numeric, 1))
        from public.worker_heartbeats w),
    'queue', (
      select jsonb_build_object(
        'depth', count(*) filter (where g.status = 'queued'),
        'running', count(*) filter (where g.status = 'processing'),
        'oldestWaitSeconds', coalesce(round(extract(epoch from
            now() - min(coalesce(g.heartbeat_at, g.created_at)) filter (where g.status = 'queued'))::numeric, 1), 0))
        from public.generations g
       where g.status in ('queued', 'processing') and g.deleted_at is null)
  )
$$;

revoke execute on function public.worker_heartbeat(text, text, integer, integer, integer, boolean) from public, anon, authenticated;
revoke execute on function public.worker_stopped(text) from public, anon, authenticated;
revoke execute on function public.service_health(integer) from public, anon, authenticated;
grant execute on function public.worker_heartbeat(text, text, integer, integer, integer, boolean) to service_role;
grant execute on function public.worker_stopped(text) to service_role;
grant execute on function public.service_health(integer) to service_role;
