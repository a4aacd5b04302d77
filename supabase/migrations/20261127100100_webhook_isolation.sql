-- One account's webhook endpoint cannot slow anyone else down. Deliveries ran in the worker's one job slot
-- beside conversions: ten test events to an endpoint that hangs held another user's conversion for 100 s.
-- The worker now runs conversions and everything else (deliveries, mail, sweeps) as separate pools
-- (worker/src/main.ts); here, in SQL:
-- - Per endpoint, one attempt at a time: every delivery job of an account goes into that account's named
--   queue (`webhook:<user id>`, graphile-worker runs a named queue's jobs one after another), so a hanging
--   endpoint holds at most one delivery slot.
-- - A circuit breaker: after `webhooks.breaker_failures` (5) failed attempts in a row the endpoint rests
--   for `webhooks.breaker_seconds` (300); a delivery due meanwhile is postponed to the end of the rest
--   without an attempt (nor one counted). One delivered attempt closes it again.
-- - A bound per account: at most `webhooks.max_pending` (100) deliveries waiting; an event beyond that is
--   kept with its delivery marked failed at once ("not sent"), which the owner can resend later.
--
-- notes:
-- - The endpoint is per account (webhook_endpoints.user_id is its key), so "per endpoint" is per user.
-- - Postponing re-enqueues under its own job key: the job that found the endpoint resting is still running
--   and holds the delivery's usual key.

alter table public.webhook_endpoints
  add column failure_streak integer not null default 0 check (failure_streak >= 0),
  add column paused_until timestamptz;
comment on column public.webhook_endpoints.paused_until is
  'Circuit breaker: no attempt before this time (set after webhooks.breaker_failures failures in a row).';

insert into public.settings (key, value, is_public) values
  ('webhooks.max_pending', '100', false),
  ('webhooks.breaker_failures', '5', false),
  ('webhooks.breaker_seconds', '300', false)
on conflict (key) do nothing;

-- The job of one attempt, in the account's own queue.
create or replace function public.enqueue_webhook_delivery(p_id bigint, p_attempt integer, p_run_at timestamptz)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if to_regproc('graphile_worker.add_job') is not null then
    perform graphile_worker.add_job('deliver_webhook', json_build_object('id', p_id),
                                    queue_name := (select 'webhook:' || d.user_id
                                                     from public.webhook_deliveries d where d.id = p_id),
                                    run_at := p_run_at, max_attempts := 5,
                                    job_key := 'webhook:' || p_id || ':' || p_attempt);
  end if;
end;
$$;

-- One event and its first delivery for an account with an enabled endpoint; null otherwise. Beyond the
-- account's bound of waiting deliveries the delivery is recorded as not sent, and no job is made.
create or replace function public.queue_webhook_event(p_user uuid, p_type text, p_data jsonb) returns bigint
language plpgsql security definer
set search_path = ''
as $$
declare
  v_event uuid;
  v_delivery bigint;
  v_max integer := public.setting_int('webhooks.max_pending', 100);
begin
  -- One account's events at a time, so the count below cannot be raced past.
  perform 1 from public.webhook_endpoints e where e.user_id = p_user and e.enabled for update;
  if not found then
    return null;
  end if;
  insert into public.webhook_events (user_id, type, data) values (p_user, p_type, p_data)
  returning id into v_event;
  if (select count(*) from public.webhook_deliveries d where d.user_id = p_user and d.status = 'pending') >= v_max then
    insert into public.webhook_deliveries (event_id, user_id, status, last_error)
    values (v_event, p_user, 'failed',
            format('Not sent: %s deliveries were already waiting for this endpoint. Resend it once they are through.', v_max))
    returning id into v_delivery;
    return v_delivery;
  end if;
  insert into public.webhook_deliveries (event_id, user_id) values (v_event, p_user)
  returning id into v_delivery;
  perform public.enqueue_webhook_delivery(v_delivery, 1, now());
  return v_delivery;
end;
$$;

-- Resends count against the same bound (a manual flood of resends is also limited per hour).
create or replace function public.resend_webhook_delivery(p_id bigint) returns bigint
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_event uuid;
  v_delivery bigint;
  v_max integer := public.setting_int('webhooks.max_pending', 100);
begin
  if v_user is null then
    raise exception 'Please sign in to continue.' using errcode = '42501';
  end if;
  select d.event_id into v_event from public.webhook_deliveries d where d.id = p_id and d.user_id = v_user;
  if v_event is null then
    raise exception 'No such delivery.' using errcode = 'P0002';
  end if;
  perform public.check_manual_webhook_limit(v_user);
  perform 1 from public.webhook_endpoints e where e.user_id = v_user for update;
  if (select count(*) from public.webhook_deliveries d where d.user_id = v_user and d.status = 'pending') >= v_max then
    raise exception '% deliveries are already waiting for your endpoint. Resend this one once they are through.', v_max
      using errcode = 'P0429';
  end if;
  insert into public.webhook_deliveries (event_id, user_id, resend_of) values (v_event, v_user, p_id)
  returning id into v_delivery;
  perform public.enqueue_webhook_delivery(v_delivery, 1, now());
  return v_delivery;
end;
$$;

-- Worker side: claims a pending delivery for one attempt, unless its endpoint is resting (then the delivery
-- is postponed to the end of the rest, nothing is returned, and no attempt is counted).
create or replace function public.webhook_claim_delivery(p_id bigint, p_token uuid, p_lease_seconds integer)
returns table (
  delivery_id bigint, attempts integer, event_id uuid, event_type text, event_data jsonb,
  event_created_at timestamptz, url text, secret text, enabled boolean
)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_until timestamptz;
  v_attempt integer;
begin
  select e.paused_until, d.attempts + 1 into v_until, v_attempt
    from public.webhook_deliveries d
    join public.webhook_endpoints e on e.user_id = d.user_id
   where d.id = p_id and d.status = 'pending' and e.enabled and e.paused_until > now();
  if v_until is not null then
    update public.webhook_deliveries d set next_attempt_at = v_until where d.id = p_id;
    if to_regproc('graphile_worker.add_job') is not null then
      perform graphile_worker.add_job('deliver_webhook', json_build_object('id', p_id),
                                      queue_name := (select 'webhook:' || d.user_id
                                                       from public.webhook_deliveries d where d.id = p_id),
                                      run_at := v_until, max_attempts := 5,
                                      job_key := 'webhook:' || p_id || ':' || v_attempt || ':rest:'
                                                 || extract(epoch from v_until)::bigint);
    end if;
    return;
  end if;
  return query
  with claimed as (
    update public.webhook_deliveries d
       set claim_token = p_token, claim_until = now() + make_interval(secs => p_lease_seconds)
     where d.id = p_id and d.status = 'pending' and (d.claim_until is null or d.claim_until < now())
    returning d.id, d.attempts, d.event_id, d.user_id
  )
  select c.id, c.attempts, v.id, v.type, v.data, v.created_at, e.url, e.secret, coalesce(e.enabled, false)
    from claimed c
    join public.webhook_events v on v.id = c.event_id
    left join public.webhook_endpoints e on e.user_id = c.user_id;
end;
$$;

-- Logs one attempt as before (20261125130000), and moves the endpoint's breaker: a delivered attempt
-- closes it, a failed one counts, and the count reaching the setting rests the endpoint.
create or replace function public.webhook_record_attempt(
  p_id bigint, p_token uuid, p_url text, p_status_code integer, p_error text, p_duration_ms integer,
  p_retry_ms integer, p_max_attempts integer
) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  v_ok boolean := coalesce(p_status_code between 200 and 299, false);
  v_row public.webhook_deliveries;
begin
  update public.webhook_deliveries d
     set attempts = d.attempts + 1,
         last_status_code = p_status_code,
         last_error = left(p_error, 500),
         last_duration_ms = p_duration_ms,
         status = case when v_ok then 'delivered'
                       when p_retry_ms is null or d.attempts + 1 >= p_max_attempts then 'failed'
                       else 'pending' end,
         delivered_at = case when v_ok then now() end,
         next_attempt_at = case when v_ok or p_retry_ms is null then d.next_attempt_at
                                else now() + make_interval(secs => p_retry_ms / 1000.0) end,
         claim_token = null, claim_until = null
   where d.id = p_id and d.claim_token = p_token
  returning * into v_row;
  if v_row.id is null then
    raise exception 'webhook delivery % is not claimed by this run', p_id using errcode = 'P0002';
  end if;
  insert into public.webhook_attempts (delivery_id, user_id, attempt, url, status_code, error, duration_ms)
  values (p_id, v_row.user_id, v_row.attempts, p_url, p_status_code, left(p_error, 500), p_duration_ms);
  update public.webhook_endpoints e
     set failure_streak = case when v_ok then 0 else e.failure_streak + 1 end,
         paused_until = case
           when v_ok then null
           when e.failure_streak + 1 >= public.setting_int('webhooks.breaker_failures', 5)
             then now() + make_interval(secs => public.setting_int('webhooks.breaker_seconds', 300))
           else e.paused_until end
   where e.user_id = v_row.user_id;
  if v_row.status = 'pending' then
    perform public.enqueue_webhook_delivery(p_id, v_row.attempts + 1, v_row.next_attempt_at);
  end if;
  return v_row.status;
end;
$$;

-- Saving the endpoint (a new URL, or switching it back on) closes the breaker: the owner fixed something.
create function public.webhook_endpoint_reset_breaker() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.url is distinct from old.url or (new.enabled and not old.enabled) then
    new.failure_streak := 0;
    new.paused_until := null;
  end if;
  return new;
end;
$$;
revoke execute on function public.webhook_endpoint_reset_breaker() from public, anon, authenticated;
create trigger webhook_endpoints_reset_breaker before update on public.webhook_endpoints
  for each row execute function public.webhook_endpoint_reset_breaker();
