-- Cancelled is its own state: the owner's or an administrator's cancel is neither a failure of the
-- service nor of the input, so the admin lists and counts it apart.
--
-- notes: the status stays 'failed' (the one terminal state that refunds, and what the public API, the
-- webhooks and the worker already know); `cancelled_at` is the record that a cancel, not a fault, ended
-- it. cancel_generation sets it in the same transaction as the refund; rows cancelled before this
-- migration are recognised by cancel_generation's own sentences.

alter table public.generations add column cancelled_at timestamptz;
comment on column public.generations.cancelled_at is
  'When the owner or an administrator cancelled the conversion (status failed, refunded); null otherwise.';

update public.generations
   set cancelled_at = coalesce(completed_at, now())
 where status = 'failed' and error ~ '^Cancelled( by an administrator)?\.';

create or replace function public.cancel_generation(p_id uuid) returns public.generations
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.generations;
  v_by_admin boolean;
begin
  if auth.uid() is null then
    raise exception 'Please sign in to cancel a conversion.' using errcode = '42501';
  end if;
  select * into v_row from public.generations g where g.id = p_id and g.deleted_at is null for update;
  if not found or (v_row.user_id is distinct from auth.uid() and not public.is_admin()) then
    raise exception 'No generation with this id.' using errcode = 'P0002';
  end if;
  if v_row.status not in ('queued', 'processing') then
    raise exception 'This conversion has already finished, so it can no longer be cancelled.'
      using errcode = '23505';
  end if;
  v_by_admin := v_row.user_id is distinct from auth.uid();
  if public.generation_fail(p_id, null,
       case when v_by_admin then 'Cancelled by an administrator.' else 'Cancelled.' end
       || case when v_row.cost > 0 then ' Your credits have been refunded.' else '' end) then
    update public.generations g set cancelled_at = now() where g.id = p_id;
  end if;
  if v_row.status = 'queued' and to_regproc('graphile_worker.remove_job') is not null then
    -- Only an unlocked job is removed; one a worker just took ends quietly at generation_start.
    perform graphile_worker.remove_job('generation:' || p_id);
  end if;
  select * into v_row from public.generations g where g.id = p_id;
  return v_row;
end;
$$;
revoke execute on function public.cancel_generation(uuid) from public, anon;
grant execute on function public.cancel_generation(uuid) to authenticated, service_role;

-- The dashboard's per-backend figures: a cancel is not a failure of that backend (the provider's failure
-- reasons of 20261127120000 kept).
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
