-- Helpers for the SQL rule tests in supabase/tests (installed by the test runner, never by migrations).
-- They work on PGlite and PostgreSQL alike (no pgTAP, which PGlite lacks).
create schema if not exists tests;

create or replace function tests.create_user(p_name text, p_admin boolean default false) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := gen_random_uuid();
begin
  insert into auth.users (id, email, encrypted_password, raw_user_meta_data, email_confirmed_at)
  values (v_id, p_name || '-' || left(v_id::text, 8) || '@example.test', 'hash',
          jsonb_build_object('name', p_name), now());
  if p_admin then
    update public.profiles set is_admin = true where id = v_id;
  end if;
  return v_id;
end $$;

-- Act as a signed-in user for the rest of the transaction, as the api function does.
create or replace function tests.authenticate_as(p_user uuid) returns void
language plpgsql as $$
begin
  perform set_config('request.jwt.claims',
    jsonb_build_object('sub', p_user, 'role', 'authenticated')::text, true);
  perform set_config('role', 'authenticated', true);
end $$;

create or replace function tests.authenticate_anon() returns void
language plpgsql as $$
begin
  perform set_config('request.jwt.claims', '{"role":"anon"}', true);
  perform set_config('role', 'anon', true);
end $$;

create or replace function tests.assert_equal(p_actual anyelement, p_expected anyelement, p_message text)
returns void language plpgsql as $$
begin
  if p_actual is distinct from p_expected then
    raise exception 'FAILED: % (expected %, got %)', p_message, p_expected, p_actual;
  end if;
end $$;

-- Runs `p_sql` and passes only when it fails with SQLSTATE `p_state` (e.g. 42501 permission denied).
create or replace function tests.assert_fails(p_sql text, p_state text, p_message text)
returns void language plpgsql as $$
begin
  begin
    execute p_sql;
  exception when others then
    if sqlstate = p_state then return; end if;
    raise exception 'FAILED: % (expected SQLSTATE %, got % %)', p_message, p_state, sqlstate, sqlerrm;
  end;
  raise exception 'FAILED: % (the statement succeeded)', p_message;
end $$;

grant usage on schema tests to anon, authenticated;
grant execute on all functions in schema tests to anon, authenticated;

-- An image stored for a user as the api stores a multipart upload (recorded, not yet used): the only kind of
-- key, besides a direct upload, that the generation functions accept. The signed-in user's by default; a
-- random key unless one is given.
create or replace function tests.upload(p_user uuid default null, p_key text default null) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_key text := coalesce(p_key, 'uploads/' || gen_random_uuid() || '.png');
begin
  insert into public.direct_uploads (key, user_id, purpose, content_type, declared_bytes, expires_at, source)
  values (v_key, coalesce(p_user, auth.uid()), 'paid', 'image/png', 1, now() + interval '10 minutes', 'api');
  return v_key;
end $$;
grant execute on function tests.upload(uuid, text) to anon, authenticated;
