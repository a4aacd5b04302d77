-- Local stand-in for what a Supabase project provides before any migration runs: the API roles and their
-- default privileges. Mirrors Supabase's documented setup; never part of supabase/migrations.
-- Roles are cluster-wide, so every statement is idempotent (several test databases share one server).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit login;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin noinherit createrole login;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
-- The local servers connect as the bootstrap superuser and switch with `set local role`, so it must be a
-- member of every API role (a superuser already is; PGlite's default user is one).

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
