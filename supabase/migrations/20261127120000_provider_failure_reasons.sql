-- Why a hosted backend failed a conversion, for the admins only: the worker records the provider's own
-- words (cut to 500 characters) when it gives up on the provider (then falls back or refunds). The
-- conversion's admin page shows the reason and the backend dashboard lists the period's most frequent
-- ones. Owners see only the product's message in generations.error: the reasons live in their own table,
-- readable by admins alone.

create table public.generation_provider_failures (
  generation_id uuid primary key references public.generations (id) on delete cascade,
  backend text not null check (backend in ('meshy', 'tripo', 'fal')),
  reason text not null check (char_length(reason) between 1 and 500),
  created_at timestamptz not null default now()
);

alter table public.generation_provider_failures enable row level security;
revoke all on public.generation_provider_failures from public, anon, authenticated;
grant select on public.generation_provider_failures to authenticated;
create policy "admins can read provider failure reasons" on public.generation_provider_failures
  for select to authenticated using ((select public.is_admin()));

drop function public.generation_provider_done(uuid, text, integer, numeric, boolean);

create function public.generation_provider_done(p_id uuid, p_worker text, p_ms integer, p_cost numeric,
                                                p_fell_back boolean, p_reason text default null)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  v_backend text;
begin
  update public.generations g
     set provider_ms = greatest(0, p_ms), provider_cost = p_cost, fell_back = coalesce(p_fell_back, false),
         heartbeat_at = now()
   where g.id = p_id and g.status = 'processing' and g.worker_id = p_worker
  returning g.backend into v_backend;
  if not found then
    return false;
  end if;
  if nullif(btrim(p_reason), '') is not null and v_backend in ('meshy', 'tripo', 'fal') then
    insert into public.generation_provider_failures (generation_id, backend, reason)
    values (p_id, v_backend, left(btrim(p_reason), 500))
    on conflict (generation_id) do update set reason = excluded.reason, created_at = now();
  end if;
  return true;
end;
$$;

revoke execute on function public.generation_provider_done(uuid, text, integer, numeric, boolean, text)
  from public, anon, authenticated;
grant execute on function public.generation_provider_done(uuid, text, integer, numeric, boolean, text)
  to service_role;

-- The dashboard's per-backend figures also list the period's three most frequent failure reasons.
create or replace function public.admin_backend_stats(p_period text default 'month') returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_today timestamptz := date_trunc('day', now());
  v_from timestamptz;
  v_to timestamptz := 'infinity';
begin
  if not coalesce((select p.is_admin from public.profiles p where p.id = auth.uid()), false) then
    raise exception 'Administrator access is required.' using errcode = '42501';
  end if;
  case p_period
    when 'today' then v_from := v_today;
    when 'yesterday' then v_from := v_today - interval '1 day'; v_to := v_today;
    when 'week' then v_from := v_today - interval '6 days';
    when 'month' then v_from := v_today - interval '29 days';
    when 'all' then v_from := '-infinity';
    else raise exception 'Unknown period "%": use today, yesterday, week, month or all.', p_period
           using errcode = '22023';
  end case;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'backend', b.backend,
             'conversions', b.conversions,
             'completed', b.completed,
             'failed', b.failed,
             'fellBack', b.fell_back,
             'medianSeconds', b.median_seconds,
             'medianProviderSeconds', b.median_provider_seconds,
             'providerCost', b.cost,
             'failureReasons', coalesce((
               select jsonb_agg(jsonb_build_object('reason', r.reason, 'count', r.n) order by r.n desc, r.reason)
                 from (select f.reason, count(*) as n
                         from public.generation_provider_failures f
                         join public.generations fg on fg.id = f.generation_id
                        where f.backend = b.backend and fg.created_at >= v_from and fg.created_at < v_to
                        group by f.reason
                        order by count(*) desc, f.reason
                        limit 3) r), '[]'::jsonb)) order by b.backend)
      from (
        select coalesce(g.backend, 'builtin') as backend,
               count(*) as conversions,
               count(*) filter (where g.status = 'completed') as completed,
               count(*) filter (where g.status = 'failed') as failed,
               count(*) filter (where g.fell_back) as fell_back,
               round((percentile_cont(0.5) within group (order by extract(epoch from g.completed_at - g.started_at))
                 filter (where g.status = 'completed'))::numeric, 1) as median_seconds,
               round((percentile_cont(0.5) within group (order by g.provider_ms)
                 filter (where g.provider_ms is not null) / 1000)::numeric, 1) as median_provider_seconds,
               coalesce(sum(g.provider_cost), 0) as cost
          from public.generations g
         where g.created_at >= v_from and g.created_at < v_to
         group by 1
      ) b), '[]'::jsonb);
end;
$$;
