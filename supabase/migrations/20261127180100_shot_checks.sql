-- Guided capture: each shot is checked by the segmentation model (in the worker's engine) before it is kept:
-- an object found, not cut by the frame's edge, not too small. The photo is the caller's recorded upload;
-- a shot that passed can then make a preview or a conversion without being sent again.
--
-- - The api records the upload (record_api_uploads) and calls create_shot_check as the caller; the check's
--   photo is proven theirs, unused and not swept. At most `capture.checks_per_minute` (30) a minute.
-- - The worker answers through shot_check_start / shot_check_finish (service role).
-- - The owner reads their own checks; admins read all; nobody writes them except these functions.

create table public.shot_checks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  side text not null check (side in ('front', 'right', 'back', 'left')),
  input_key text not null,
  input_type text not null,
  input_bytes integer not null,
  focal_length_35mm numeric check (focal_length_35mm is null or focal_length_35mm between 8 and 600),
  status text not null default 'queued' check (status in ('queued', 'processing', 'passed', 'refused', 'failed')),
  problem text check (problem is null or problem in ('no_object', 'cut_off', 'too_small', 'unreadable', 'internal')),
  message text,
  report jsonb,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
comment on table public.shot_checks is
  'One guided-capture shot checked by the segmentation model: passed, or refused with a message.';
create index shot_checks_user_idx on public.shot_checks (user_id, created_at);

alter table public.shot_checks enable row level security;
revoke all on public.shot_checks from public, anon, authenticated;
grant select on public.shot_checks to authenticated, service_role;
create policy "users can read their own shot checks" on public.shot_checks
  for select to authenticated using (user_id = (select auth.uid()));
create policy "admins can read every shot check" on public.shot_checks
  for select to authenticated using ((select public.is_admin()));

create function public.create_shot_check(
  p_side text, p_input_key text, p_input_type text, p_input_bytes integer, p_focal_length_35mm numeric default null
) returns public.shot_checks
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.shot_checks;
  v_limit integer := public.setting_int('capture.checks_per_minute', 30);
  v_count integer;
begin
  if v_user is null then
    raise exception 'Please sign in to take photos.' using errcode = '42501';
  end if;
  if p_side is null or p_side not in ('front', 'right', 'back', 'left') then
    raise exception 'side must be front, right, back or left.' using errcode = '22023';
  end if;
  if p_focal_length_35mm is not null and p_focal_length_35mm not between 8 and 600 then
    raise exception 'A focal length (35 mm equivalent) is from 8 to 600 mm.' using errcode = '22023';
  end if;
  perform 1 from public.profiles p where p.id = v_user for update;
  select count(*) into v_count from public.shot_checks c
   where c.user_id = v_user and c.created_at > now() - interval '1 minute';
  if v_count >= v_limit then
    raise exception 'You are taking photos very fast: at most % checks a minute. Please wait a moment.', v_limit
      using errcode = 'P0429';
  end if;
  perform private.prove_upload(p_input_key, v_user);
  insert into public.shot_checks (user_id, side, input_key, input_type, input_bytes, focal_length_35mm)
  values (v_user, p_side, p_input_key, coalesce(nullif(p_input_type, ''), 'application/octet-stream'),
          coalesce(p_input_bytes, 0), p_focal_length_35mm)
  returning * into v_row;
  if to_regproc('graphile_worker.add_job') is not null then
    perform graphile_worker.add_job('shot_check', json_build_object('id', v_row.id), max_attempts := 2,
                                    job_key := 'shot_check:' || v_row.id, priority := -20);
  end if;
  return v_row;
end;
$$;
revoke execute on function public.create_shot_check(text, text, text, integer, numeric) from public, anon;
grant execute on function public.create_shot_check(text, text, text, integer, numeric) to authenticated;

create function public.shot_check_start(p_id uuid) returns public.shot_checks
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.shot_checks;
begin
  update public.shot_checks c set status = 'processing'
   where c.id = p_id and c.status in ('queued', 'processing')
  returning * into v_row;
  return v_row;
end;
$$;

create function public.shot_check_finish(p_id uuid, p_status text, p_problem text, p_message text, p_report jsonb)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  if p_status not in ('passed', 'refused', 'failed') then
    raise exception 'A check ends passed, refused or failed.' using errcode = '22023';
  end if;
  update public.shot_checks c set status = p_status, problem = p_problem, message = left(p_message, 500),
                                  report = p_report, finished_at = now()
   where c.id = p_id and c.status = 'processing';
  return found;
end;
$$;
revoke execute on function public.shot_check_start(uuid) from public, anon, authenticated;
revoke execute on function public.shot_check_finish(uuid, text, text, text, jsonb) from public, anon, authenticated;
grant execute on function public.shot_check_start(uuid) to service_role;
grant execute on function public.shot_check_finish(uuid, text, text, text, jsonb) to service_role;
