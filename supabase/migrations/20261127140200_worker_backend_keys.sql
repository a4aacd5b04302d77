-- Admin → Settings says which hosted backends the running workers can use. The keys live only in the
-- workers' environment (never in the database or the api), so each worker reports the names of the
-- backends it has a key for beside its heartbeat; an admin choosing one that no running worker has is
-- warned instead of told "is now meshy" while conversions fall back.

alter table public.worker_heartbeats
  add column backends text[] not null default '{}' check (cardinality(backends) <= 10);
comment on column public.worker_heartbeats.backends is
  'Hosted generation backends this worker has an API key for (names only, never the keys).';

-- Called by each worker after its heartbeat; the row must exist (a worker that has not beaten yet is not
-- running as far as anyone can tell).
create function public.worker_backends(p_worker_id text, p_backends text[]) returns void
language sql security definer
set search_path = ''
as $$
  update public.worker_heartbeats w
     set backends = coalesce((select array_agg(distinct left(b, 40) order by left(b, 40))
                                from unnest(p_backends[1:10]) b where b <> ''), '{}')
   where w.worker_id = p_worker_id;
$$;
revoke execute on function public.worker_backends(text, text[]) from public, anon, authenticated;
grant execute on function public.worker_backends(text, text[]) to service_role;
