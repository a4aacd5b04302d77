-- The backend figures carry both the cancelled count (cancel is its own state) and the provider's top
-- failure reasons: two changes of the same day each redefined admin_backend_stats from the older body.
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
             'cancelled', b.cancelled,
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
               count(*) filter (where g.status = 'failed' and g.cancelled_at is null) as failed,
               count(*) filter (where g.cancelled_at is not null) as cancelled,
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
revoke execute on function public.admin_backend_stats(text) from public, anon;
grant execute on function public.admin_backend_stats(text) to authenticated;
