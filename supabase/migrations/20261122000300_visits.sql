-- Visit records (spec §3): path, referrer, an anonymous visitor id and the client's session id. Anyone may
-- add one; only admins read them (analytics).

create table public.visits (
  id bigint generated always as identity primary key,
  path text not null check (char_length(path) between 1 and 2048),
  referrer text not null default '' check (char_length(referrer) <= 2048),
  visitor_id uuid not null,
  session_id text check (char_length(session_id) <= 128),
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

alter table public.visits enable row level security;
revoke all on public.visits from anon, authenticated;
grant insert (path, referrer, visitor_id, session_id, user_id) on public.visits to anon, authenticated;
grant select on public.visits to authenticated;

create index visits_created_at_idx on public.visits (created_at);
create index visits_visitor_id_idx on public.visits (visitor_id);
create index visits_user_id_idx on public.visits (user_id);

create policy "visitors can record their visits" on public.visits
  for insert to anon, authenticated
  with check (user_id is null or user_id = (select auth.uid()));
create policy "admins can read visits" on public.visits
  for select to authenticated using ((select public.is_admin()));
