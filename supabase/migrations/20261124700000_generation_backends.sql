-- Generation backends: which service makes a generation's shape (our built-in engine, or Meshy, Tripo or
-- fal), chosen per studio variant by admins, plus what the provider did (task id, time, cost).
--
-- notes:
-- - The backend, the fallback rule and the provider's face-count target are copied onto each generation
--   when it is inserted (trigger), so admin changes take effect for new generations only. A null backend
--   means "the worker's GENERATION_BACKEND": the worker records the one it used when it claims the row.
--   create_generation / create_free_generation are left as they are.
-- - Durability: the provider's task id is written (fenced, first writer wins) before polling starts, so an
--   attempt that resumes a generation polls the same task instead of paying for a second one.
-- - Every change to public.settings is recorded in settings_changes (who, when, before, after).

alter table public.generations
  add column backend text check (backend in ('builtin', 'meshy', 'tripo', 'fal')),
  add column fallback text not null default 'builtin' check (fallback in ('builtin', 'refund')),
  add column provider_faces integer check (provider_faces between 100 and 500000),
  add column provider_task_id text check (char_length(provider_task_id) between 1 and 300),
  add column provider_submitted_at timestamptz,
  add column provider_ms integer check (provider_ms >= 0),
  add column provider_cost numeric(12, 4) check (provider_cost >= 0),
  add column fell_back boolean not null default false;
comment on column public.generations.backend is 'What made the shape; null until claimed when the server default applies.';
comment on column public.generations.fell_back is 'A hosted backend failed and the built-in engine made the result.';

create index generations_backend_idx on public.generations (backend, created_at);

insert into public.settings (key, value, is_public) values
  ('generation.backend.app', '"default"', false),
  ('generation.backend.app66', '"default"', false),
  ('generation.fallback', '"builtin"', false),
  ('generation.provider_faces.low', '10000', false),
  ('generation.provider_faces.high', '60000', false)
on conflict (key) do nothing;

-- The backend settings carry known words or whole numbers; checked whoever writes them.
create function public.settings_check_backend_value() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.key in ('generation.backend.app', 'generation.backend.app66') then
    if jsonb_typeof(new.value) <> 'string' or new.value #>> '{}' not in ('default', 'builtin', 'meshy', 'tripo', 'fal') then
      raise exception 'Setting % must be one of default, builtin, meshy, tripo, fal.', new.key using errcode = '22023';
    end if;
  elsif new.key = 'generation.fallback' then
    if jsonb_typeof(new.value) <> 'string' or new.value #>> '{}' not in ('builtin', 'refund') then
      raise exception 'Setting % must be builtin or refund.', new.key using errcode = '22023';
    end if;
  elsif new.key in ('generation.provider_faces.low', 'generation.provider_faces.high') then
    if jsonb_typeof(new.value) <> 'number' or new.value::numeric <> trunc(new.value::numeric)
       or new.value::numeric < 100 or new.value::numeric > 500000 then
      raise exception 'Setting % must be a whole number from 100 to 500000.', new.key using errcode = '22023';
    end if;
  end if;
  return new;
end;
$$;

create trigger settings_check_backend_value before insert or update on public.settings
  for each row execute function public.settings_check_backend_value();

-- ── Audit of settings ─────────────────────────────────────────────────────────────────────────────────

create table public.settings_changes (
  id bigint generated always as identity primary key,
  key text not null,
  old_value jsonb,
  new_value jsonb,
  changed_by uuid,
  changed_at timestamptz not null default now()
);
comment on table public.settings_changes is 'Every insert, update and delete of public.settings; append-only.';
create index settings_changes_key_idx on public.settings_changes (key, changed_at desc);

alter table public.settings_changes enable row level security;
revoke all on public.settings_changes from public, anon, authenticated;
grant select on public.settings_changes to authenticated;
create policy "admins can read settings changes" on public.settings_changes
  for select to authenticated using ((select public.is_admin()));

create function public.settings_record_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.value = new.value then
    return new;
  end if;
  insert into public.settings_changes (key, old_value, new_value, changed_by)
  values (coalesce(new.key, old.key),
          case when tg_op = 'INSERT' then null else old.value end,
          case when tg_op = 'DELETE' then null else new.value end,
          auth.uid());
  return coalesce(new, old);
end;
$$;
revoke execute on function public.settings_record_change() from public, anon, authenticated;

create trigger settings_record_change after insert or update or delete on public.settings
  for each row execute function public.settings_record_change();

-- ── The backend of a new generation ───────────────────────────────────────────────────────────────────

create function public.setting_text(p_key text, p_default text) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select s.value #>> '{}' from public.settings s where s.key = p_key), p_default)
$$;
revoke execute on function public.setting_text(text, text) from public, anon, authenticated;

create function public.generations_choose_backend() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.backend := coalesce(new.backend, nullif(public.setting_text(
    case when new.free then 'generation.backend.app66' else 'generation.backend.app' end, 'default'), 'default'));
  new.fallback := public.setting_text('generation.fallback', 'builtin');
  new.provider_faces := public.setting_int('generation.provider_faces.' || new.topology,
                                           case when new.topology = 'high' then 60000 else 10000 end);
  return new;
end;
$$;
revoke execute on function public.generations_choose_backend() from public, anon, authenticated;

create trigger generations_choose_backend before insert on public.generations
  for each row execute function public.generations_choose_backend();

-- ── Worker side (service_role) ────────────────────────────────────────────────────────────────────────

-- The backend the worker runs (its default when none was chosen) and, once the provider accepted the
-- job, its task id. Fenced like generation_progress; the first task id stays. Returns the row (null when
-- this worker no longer holds the generation).
create function public.generation_provider_task(p_id uuid, p_worker text, p_backend text, p_task_id text)
returns public.generations
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.generations;
begin
  update public.generations g
     set backend = coalesce(g.backend, p_backend),
         provider_task_id = coalesce(g.provider_task_id, p_task_id),
         provider_submitted_at = case when g.provider_task_id is null and p_task_id is not null
                                      then now() else g.provider_submitted_at end,
         heartbeat_at = now()
   where g.id = p_id and g.status = 'processing' and g.worker_id = p_worker
  returning * into v_row;
  if not found then
    return null;
  end if;
  return v_row;
end;
$$;

-- What the provider's run took and cost, and whether the built-in engine stepped in.
create function public.generation_provider_done(p_id uuid, p_worker text, p_ms integer, p_cost numeric,
                                                p_fell_back boolean)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.generations g
     set provider_ms = greatest(0, p_ms), provider_cost = p_cost, fell_back = coalesce(p_fell_back, false),
         heartbeat_at = now()
   where g.id = p_id and g.status = 'processing' and g.worker_id = p_worker;
  return found;
end;
$$;

revoke execute on function public.generation_provider_task(uuid, text, text, text) from public, anon, authenticated;
revoke execute on function public.generation_provider_done(uuid, text, integer, numeric, boolean) from public, anon, authenticated;
grant execute on function public.generation_provider_task(uuid, text, text, text) to service_role;
grant execute on function public.generation_provider_done(uuid, text, integer, numeric, boolean) to service_role;

-- ── Admin dashboard: per backend for a period ─────────────────────────────────────────────────────────

create function public.admin_backend_stats(p_period text default 'month') returns jsonb
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
             'providerCost', b.cost) order by b.backend)
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
revoke execute on function public.admin_backend_stats(text) from public, anon;
grant execute on function public.admin_backend_stats(text) to authenticated;
