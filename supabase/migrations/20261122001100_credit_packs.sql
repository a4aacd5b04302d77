-- Credit packs: what a purchase costs and grants. The migrations define them (the design card); prices are
-- integer cents + currency, and every order takes its price from here, never from the client.

create table public.credit_packs (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  name text not null check (char_length(name) between 1 and 80),
  credits integer not null check (credits > 0),
  price_cents integer not null check (price_cents > 0),
  currency text not null default 'EUR' check (currency ~ '^[A-Z]{3}$'),
  popular boolean not null default false,
  active boolean not null default true,
  note text not null default '' check (char_length(note) <= 200),
  -- The headline bonus against the Starter rate ('33% more credits'), if any.
  bonus text check (char_length(bonus) <= 80),
  features text[] not null default '{}',
  external_product_id text check (char_length(external_product_id) <= 120),
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.credit_packs is 'Purchasable credit packs; orders copy price and credits from here.';

alter table public.credit_packs enable row level security;
revoke all on public.credit_packs from anon, authenticated;
grant select on public.credit_packs to anon, authenticated;
grant insert, update, delete on public.credit_packs to authenticated;

create index credit_packs_active_sort_idx on public.credit_packs (active, sort);

create policy "everyone can read active packs" on public.credit_packs
  for select to anon, authenticated using (active);
create policy "admins can read every pack" on public.credit_packs
  for select to authenticated using ((select public.is_admin()));
create policy "admins can add packs" on public.credit_packs
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins can change packs" on public.credit_packs
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins can remove packs" on public.credit_packs
  for delete to authenticated using ((select public.is_admin()));

create trigger credit_packs_touch_updated_at before update on public.credit_packs
  for each row execute function public.touch_updated_at();

insert into public.credit_packs
  (id, name, credits, price_cents, currency, popular, note, bonus, features, external_product_id, sort)
values
  ('starter', 'Starter', 5600, 1300, 'EUR', false, 'Perfect for small projects and testing', null,
   array['Every export format included', 'Turntable video previews', 'Commercial license', 'Email support'],
   'lift3d-credits-starter', 10),
  ('professional', 'Professional', 12000, 2000, 'EUR', true, 'For professionals and regular users',
   '33% more credits',
   array['Everything in Starter', 'Priority support', 'Batch processing', 'Commercial license'],
   'lift3d-credits-professional', 20),
  ('enterprise', 'Enterprise', 40000, 4500, 'EUR', false, 'For large projects and teams', '67% more credits',
   array['Everything in Professional', 'Dedicated support', 'Advanced batch processing', 'Custom integrations'],
   'lift3d-credits-enterprise', 30);
