-- Local stand-in for what a Supabase project provides before any migration runs: the API roles and their
-- default privileges. Mirrors Supabase's documented setup; never part of supabase/migrations.
-- Roles are cluster-wide and several test databases are bootstrapped at once on one server: on a fresh server
-- two of them can both see a role missing and both create it, so a role or membership that appeared
-- meanwhile counts as done (measured: 2 of 10 concurrent bootstraps failed with the check alone).
do $$
declare
  v_role record;
begin
  for v_role in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'noinherit login'),
      ('supabase_auth_admin', 'noinherit createrole login')
    ) as r(name, options)
  loop
    if not exists (select 1 from pg_roles where rolname = v_role.name) then
      begin
        execute format('create role %I %s', v_role.name, v_role.options);
      exception when duplicate_object or unique_violation then
        null;
      end;
    end if;
  end loop;
  -- authenticator switches to the API roles (as PostgREST does). The local servers instead connect as the
  -- bootstrap superuser and switch with `set local role`, which a superuser may always do.
  for v_role in select unnest(array['anon', 'authenticated', 'service_role']) as name loop
    if not pg_has_role('authenticator', v_role.name, 'member') then
      begin
        execute format('grant %I to authenticator', v_role.name);
      exception when duplicate_object or unique_violation then
        null;
      end;
    end if;
  end loop;
end
$$;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
