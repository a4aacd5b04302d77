-- Guided capture from a desktop: the studio shows a QR code that opens the capture on the user's phone,
-- which takes the photos for that account, and the photos appear on the desktop studio as they pass.
--
-- - A session is made by the signed-in owner (create_capture_session) with the SHA-256 of a random token
--   that only the QR code carries; it lives `capture.session_minutes` (20), at most 3 live per account.
-- - The phone is not signed in: the api resolves its token (capture_session_user, service role) and acts as
--   the owner for two things only: checking shots into that session, and reading those checks. Nothing
--   else of the account opens with the token.
-- - capture_session_add_shot files a check under the session: both the caller's, the session live.

create table public.capture_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table public.capture_sessions is
  'A desktop''s QR hand-off to the phone: the token''s hash, the owner, until when the phone may add shots.';
create index capture_sessions_user_idx on public.capture_sessions (user_id, expires_at);

alter table public.capture_sessions enable row level security;
revoke all on public.capture_sessions from public, anon, authenticated;
grant select (id, user_id, created_at, expires_at) on public.capture_sessions to authenticated;
grant select on public.capture_sessions to service_role;
create policy "users can read their own capture sessions" on public.capture_sessions
  for select to authenticated using (user_id = (select auth.uid()));

alter table public.shot_checks add column session_id uuid references public.capture_sessions (id) on delete set null;
create index shot_checks_session_idx on public.shot_checks (session_id, created_at) where session_id is not null;

create function public.create_capture_session(p_token_hash text) returns public.capture_sessions
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.capture_sessions;
  v_live integer;
begin
  if v_user is null then
    raise exception 'Please sign in to take photos with your phone.' using errcode = '42501';
  end if;
  if p_token_hash is null or p_token_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'The session token hash is malformed.' using errcode = '22023';
  end if;
  perform 1 from public.profiles p where p.id = v_user for update;
  select count(*) into v_live from public.capture_sessions s where s.user_id = v_user and s.expires_at > now();
  if v_live >= public.setting_int('capture.max_live_sessions', 3) then
    raise exception 'You have % phone captures open. Finish one, or wait a few minutes.', v_live
      using errcode = 'P0429';
  end if;
  delete from public.capture_sessions s where s.user_id = v_user and s.expires_at < now() - interval '1 day';
  insert into public.capture_sessions (user_id, token_hash, expires_at)
  values (v_user, p_token_hash, now() + make_interval(mins => public.setting_int('capture.session_minutes', 20)))
  returning * into v_row;
  return v_row;
end;
$$;
revoke execute on function public.create_capture_session(text) from public, anon;
grant execute on function public.create_capture_session(text) to authenticated;

-- The phone's token → the live session and its owner (nothing when unknown or expired).
create function public.capture_session_user(p_token_hash text)
returns table (session_id uuid, user_id uuid, expires_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select s.id, s.user_id, s.expires_at from public.capture_sessions s
   where s.token_hash = p_token_hash and s.expires_at > now();
$$;
revoke execute on function public.capture_session_user(text) from public, anon, authenticated;
grant execute on function public.capture_session_user(text) to service_role;

create function public.capture_session_add_shot(p_session uuid, p_check uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
begin
  if not exists (select 1 from public.capture_sessions s
                  where s.id = p_session and s.user_id = v_user and s.expires_at > now()) then
    raise exception 'This phone capture has ended. Scan the QR code on your computer again.' using errcode = 'P0002';
  end if;
  update public.shot_checks c set session_id = p_session where c.id = p_check and c.user_id = v_user;
  if not found then
    raise exception 'No shot with this id.' using errcode = 'P0002';
  end if;
end;
$$;
revoke execute on function public.capture_session_add_shot(uuid, uuid) from public, anon;
grant execute on function public.capture_session_add_shot(uuid, uuid) to authenticated;
