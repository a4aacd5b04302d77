-- Webhooks: one endpoint per account (URL, secret, on/off) and an outbox of events and their deliveries.
-- When a generation reaches 'completed' or 'failed', a trigger writes the event, its delivery and the
-- worker's job in the same transaction as the status change, so the studio, batch and API paths all emit
-- and nothing is lost when the worker is down. The worker (worker/src/tasks/deliver-webhook.ts) signs and
-- POSTs the event, logs every attempt and schedules retries through webhook_record_attempt.
--
-- notes:
-- - The URL is checked for https and a public address by the api when saved and by the worker before every
--   attempt (DNS can change); SQL only keeps its shape, as it cannot resolve names.
-- - The secret is made here, never chosen by the caller: 64 hex digits from two random UUIDs (244 bits).
-- - A delivery is claimed (claim_token, claim_until) before it is sent, so two runs of the same job cannot
--   both send it, and a delivery already delivered is never sent again. "Resend" makes a new delivery of
--   the same event (same event id: receivers deduplicate on it).
-- - Events exist only for accounts with an enabled endpoint: no rows for the many accounts without one.

create table public.webhook_endpoints (
  user_id uuid primary key references auth.users (id) on delete cascade,
  url text not null check (char_length(url) between 8 and 2000 and url ~ '^https?://[^[:space:]]+$'),
  secret text not null check (secret ~ '^whsec_[0-9a-f]{64}$'),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table public.webhook_events (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  type text not null check (type in ('generation.completed', 'generation.failed', 'ping')),
  data jsonb not null,
  created_at timestamptz not null default now()
);
create index webhook_events_user_idx on public.webhook_events (user_id, created_at desc);

create table public.webhook_deliveries (
  id bigint generated always as identity primary key,
  event_id uuid not null references public.webhook_events (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_status_code integer,
  last_error text check (char_length(last_error) <= 500),
  last_duration_ms integer,
  delivered_at timestamptz,
  resend_of bigint references public.webhook_deliveries (id) on delete set null,
  claim_token uuid,
  claim_until timestamptz,
  created_at timestamptz not null default now()
);
create index webhook_deliveries_user_idx on public.webhook_deliveries (user_id, id desc);
create index webhook_deliveries_pending_idx on public.webhook_deliveries (next_attempt_at) where status = 'pending';

create table public.webhook_attempts (
  id bigint generated always as identity primary key,
  delivery_id bigint not null references public.webhook_deliveries (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  attempt integer not null,
  url text not null,
  status_code integer,
  error text check (char_length(error) <= 500),
  duration_ms integer not null,
  created_at timestamptz not null default now()
);
create index webhook_attempts_delivery_idx on public.webhook_attempts (delivery_id, id);

alter table public.webhook_endpoints enable row level security;
alter table public.webhook_events enable row level security;
alter table public.webhook_deliveries enable row level security;
alter table public.webhook_attempts enable row level security;
revoke all on public.webhook_endpoints, public.webhook_events, public.webhook_deliveries, public.webhook_attempts
  from public, anon, authenticated;
grant select on public.webhook_endpoints, public.webhook_events, public.webhook_deliveries, public.webhook_attempts
  to authenticated;

create policy "owners can read their webhook endpoint" on public.webhook_endpoints
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners can read their webhook events" on public.webhook_events
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners can read their webhook deliveries" on public.webhook_deliveries
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners can read their webhook attempts" on public.webhook_attempts
  for select to authenticated using (user_id = (select auth.uid()));

-- Enqueues one delivery attempt (when the queue exists: SQL rule tests run without it; the worker's sweep
-- picks up deliveries left without a job).
create function public.enqueue_webhook_delivery(p_id bigint, p_attempt integer, p_run_at timestamptz)
returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if to_regproc('graphile_worker.add_job') is not null then
    perform graphile_worker.add_job('deliver_webhook', json_build_object('id', p_id),
                                    run_at := p_run_at, max_attempts := 5,
                                    job_key := 'webhook:' || p_id || ':' || p_attempt);
  end if;
end;
$$;
revoke execute on function public.enqueue_webhook_delivery(bigint, integer, timestamptz) from public, anon, authenticated;

-- One event and its first delivery for an account with an enabled endpoint; null otherwise.
create function public.queue_webhook_event(p_user uuid, p_type text, p_data jsonb) returns bigint
language plpgsql security definer
set search_path = ''
as $$
declare
  v_event uuid;
  v_delivery bigint;
begin
  if not exists (select 1 from public.webhook_endpoints e where e.user_id = p_user and e.enabled) then
    return null;
  end if;
  insert into public.webhook_events (user_id, type, data) values (p_user, p_type, p_data)
  returning id into v_event;
  insert into public.webhook_deliveries (event_id, user_id) values (v_event, p_user)
  returning id into v_delivery;
  perform public.enqueue_webhook_delivery(v_delivery, 1, now());
  return v_delivery;
end;
$$;
revoke execute on function public.queue_webhook_event(uuid, text, jsonb) from public, anon, authenticated;

create function public.generation_webhook_event() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.queue_webhook_event(new.user_id, 'generation.' || new.status,
    jsonb_build_object('generation_id', new.id, 'status', new.status,
                       'error', case when new.status = 'failed' then new.error end));
  return null;
end;
$$;
revoke execute on function public.generation_webhook_event() from public, anon, authenticated;

create trigger generations_webhook_event
  after update of status on public.generations
  for each row
  when (new.status in ('completed', 'failed') and old.status is distinct from new.status)
  execute function public.generation_webhook_event();

-- The caller's endpoint: created with a fresh secret on the first save, URL and switch updated later.
create function public.save_webhook_endpoint(p_url text, p_enabled boolean)
returns setof public.webhook_endpoints
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null then
    raise exception 'Please sign in to continue.' using errcode = '42501';
  end if;
  if p_url is null or char_length(p_url) not between 8 and 2000 or p_url !~ '^https?://[^[:space:]]+$' then
    raise exception 'url: enter the full address of your endpoint, starting with https://.' using errcode = '22023';
  end if;
  return query
  insert into public.webhook_endpoints (user_id, url, secret, enabled)
  values (v_user, p_url,
          'whsec_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
          coalesce(p_enabled, true))
  on conflict (user_id) do update
     set url = excluded.url,
         enabled = coalesce(p_enabled, public.webhook_endpoints.enabled),
         updated_at = now()
  returning *;
end;
$$;
revoke execute on function public.save_webhook_endpoint(text, boolean) from public, anon;
grant execute on function public.save_webhook_endpoint(text, boolean) to authenticated;

create function public.rotate_webhook_secret() returns setof public.webhook_endpoints
language plpgsql security definer
set search_path = ''
as $$
begin
  return query
  update public.webhook_endpoints
     set secret = 'whsec_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
         updated_at = now()
   where user_id = auth.uid()
  returning *;
  if not found then
    raise exception 'Save a webhook endpoint first.' using errcode = 'P0002';
  end if;
end;
$$;
revoke execute on function public.rotate_webhook_secret() from public, anon;
grant execute on function public.rotate_webhook_secret() to authenticated;

-- Test events and resends are sent on request: a few per hour keep the endpoint from being flooded.
create function public.check_manual_webhook_limit(p_user uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.webhook_endpoints e where e.user_id = p_user and e.enabled) then
    raise exception 'Enable your webhook endpoint first.' using errcode = '22023';
  end if;
  if (select count(*) from public.webhook_deliveries d join public.webhook_events v on v.id = d.event_id
       where d.user_id = p_user and d.created_at > now() - interval '1 hour'
         and (d.resend_of is not null or v.type = 'ping')) >= public.setting_int('webhooks.manual_per_hour', 30) then
    raise exception 'Too many test events and resends in the last hour; try again later.' using errcode = 'P0429';
  end if;
end;
$$;
revoke execute on function public.check_manual_webhook_limit(uuid) from public, anon, authenticated;

create function public.send_webhook_test() returns bigint
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null then
    raise exception 'Please sign in to continue.' using errcode = '42501';
  end if;
  perform public.check_manual_webhook_limit(v_user);
  return public.queue_webhook_event(v_user, 'ping',
    jsonb_build_object('message', 'This is a test event from Lift3D.'));
end;
$$;
revoke execute on function public.send_webhook_test() from public, anon;
grant execute on function public.send_webhook_test() to authenticated;

create function public.resend_webhook_delivery(p_id bigint) returns bigint
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_event uuid;
  v_delivery bigint;
begin
  if v_user is null then
    raise exception 'Please sign in to continue.' using errcode = '42501';
  end if;
  select d.event_id into v_event from public.webhook_deliveries d where d.id = p_id and d.user_id = v_user;
  if v_event is null then
    raise exception 'No such delivery.' using errcode = 'P0002';
  end if;
  perform public.check_manual_webhook_limit(v_user);
  insert into public.webhook_deliveries (event_id, user_id, resend_of) values (v_event, v_user, p_id)
  returning id into v_delivery;
  perform public.enqueue_webhook_delivery(v_delivery, 1, now());
  return v_delivery;
end;
$$;
revoke execute on function public.resend_webhook_delivery(bigint) from public, anon;
grant execute on function public.resend_webhook_delivery(bigint) to authenticated;

-- Worker side. Claims a pending delivery for one attempt: null when it is delivered, failed, or held by
-- another run whose claim has not expired. Returns what the attempt needs (endpoint as it is now).
create function public.webhook_claim_delivery(p_id bigint, p_token uuid, p_lease_seconds integer)
returns table (
  delivery_id bigint, attempts integer, event_id uuid, event_type text, event_data jsonb,
  event_created_at timestamptz, url text, secret text, enabled boolean
)
language plpgsql security definer
set search_path = ''
as $$
begin
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
revoke execute on function public.webhook_claim_delivery(bigint, uuid, integer) from public, anon, authenticated;

-- Logs one attempt and settles the delivery under the caller's claim: 2xx delivers it; otherwise it is
-- retried after p_retry_ms (null: never) until p_max_attempts attempts, then failed. Returns the status.
create function public.webhook_record_attempt(
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
  if v_row.status = 'pending' then
    perform public.enqueue_webhook_delivery(p_id, v_row.attempts + 1, v_row.next_attempt_at);
  end if;
  return v_row.status;
end;
$$;
revoke execute on function public.webhook_record_attempt(bigint, uuid, text, integer, text, integer, integer, integer)
  from public, anon, authenticated;
