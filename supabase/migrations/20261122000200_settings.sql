-- Operator settings (limits, feature switches). Public rows are readable by everyone; only admins and
-- the service role change them.

create table public.settings (
  key text primary key check (key ~ '^[a-z0-9_.]{1,64}$'),
  value jsonb not null,
  is_public boolean not null default false,
  updated_at timestamptz not null default now()
);

alter table public.settings enable row level security;
revoke all on public.settings from anon, authenticated;
grant select on public.settings to anon, authenticated;
grant insert, update, delete on public.settings to authenticated;

create index settings_is_public_idx on public.settings (is_public);

create policy "everyone can read public settings" on public.settings
  for select to anon, authenticated using (is_public);
create policy "admins can read every setting" on public.settings
  for select to authenticated using ((select public.is_admin()));
create policy "admins can add settings" on public.settings
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins can change settings" on public.settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins can remove settings" on public.settings
  for delete to authenticated using ((select public.is_admin()));

create trigger settings_touch_updated_at before update on public.settings
  for each row execute function public.touch_updated_at();

insert into public.settings (key, value, is_public) values
  ('generation.cost_credits', '50', true),
  ('generation.max_in_flight', '3', false),
  ('app66.daily_limit', '3', true);
