-- Profiles: one row per auth user, created by a trigger. Users read and edit only their own name and
-- e-mail; credits and is_admin change only through security-definer functions (later migrations).

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null default '' check (char_length(name) <= 200),
  email text not null default '' check (char_length(email) <= 320),
  credits integer not null default 0 check (credits >= 0),
  is_admin boolean not null default false,
  has_password boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'Lift3D account data beside auth.users; credits move only through SQL functions.';

alter table public.profiles enable row level security;

-- Column privileges: the API roles may read everything but write only name and e-mail.
revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (name, email) on public.profiles to authenticated;

-- Checked from the table, not the token, so a demotion takes effect at once.
create function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select p.is_admin from public.profiles p where p.id = auth.uid()), false)
$$;
revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;

create policy "users can read their own profile" on public.profiles
  for select to authenticated using (id = (select auth.uid()));
create policy "admins can read every profile" on public.profiles
  for select to authenticated using ((select public.is_admin()));
create policy "users can update their own profile" on public.profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));

create function public.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger profiles_touch_updated_at before update on public.profiles
  for each row execute function public.touch_updated_at();

-- A profile for every new auth user; the name comes from the sign-up metadata (`data: {name}`).
create function public.handle_new_user() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, name, email, has_password, created_at, updated_at)
  values (
    new.id,
    left(trim(coalesce(new.raw_user_meta_data ->> 'name', new.raw_user_meta_data ->> 'full_name', '')), 200),
    coalesce(new.email, ''),
    coalesce(new.encrypted_password, '') <> '',
    coalesce(new.created_at, now()),
    coalesce(new.updated_at, now())
  );
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- Keep e-mail and password state in step with Supabase Auth.
create function public.handle_user_updated() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.profiles
     set email = coalesce(new.email, email),
         has_password = coalesce(new.encrypted_password, '') <> ''
   where id = new.id
     and (email is distinct from coalesce(new.email, email)
          or has_password is distinct from (coalesce(new.encrypted_password, '') <> ''));
  return new;
end;
$$;

create trigger on_auth_user_updated after update of email, encrypted_password on auth.users
  for each row execute function public.handle_user_updated();

-- Supabase Auth custom access token hook: adds a top-level `is_admin` claim. Nothing in user metadata
-- can influence it.
create function public.custom_access_token_hook(event jsonb) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  claims jsonb := coalesce(event -> 'claims', '{}'::jsonb);
  admin boolean;
begin
  select p.is_admin into admin from public.profiles p where p.id = (event ->> 'user_id')::uuid;
  claims := jsonb_set(claims, '{is_admin}', to_jsonb(coalesce(admin, false)));
  return jsonb_set(event, '{claims}', claims);
end;
$$;

grant usage on schema public to supabase_auth_admin;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook(jsonb) from authenticated, anon, public;
grant select on table public.profiles to supabase_auth_admin;
create policy "the auth server can read profiles for tokens" on public.profiles
  as permissive for select to supabase_auth_admin using (true);
