-- Accounts: e-mail and password belong to Supabase Auth, admins rename and delete.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin, tests.create_user('Victim') as victim;
grant select on ids to anon, authenticated;

-- E-mail addresses belong to Supabase Auth: nobody writes a profile's e-mail, the profile follows a
-- confirmed change in auth.users. Names stay editable (trimmed).
select tests.authenticate_as((select owner from ids));
select tests.assert_fails(format($$update public.profiles set email = 'claimed@example.test' where id = %L$$, (select owner from ids)), '42501', 'the owner cannot write their e-mail');
update public.profiles set name = '  Owner Two  ' where id = (select owner from ids);
reset role;
select tests.assert_equal((select name from public.profiles where id = (select owner from ids)), 'Owner Two', 'profile name trimmed');
select tests.assert_equal((select count(*) from auth.users where email = 'claimed@example.test')::int, 0, 'no unconfirmed address reached auth.users');

-- anon cannot change anything.
select tests.authenticate_anon();
select tests.assert_fails($$update public.profiles set email = 'x@example.test'$$, '42501', 'anon cannot update');
reset role;

-- Admins edit other profiles' names, but not e-mails, credits or the admin flag.
select tests.authenticate_as((select admin from ids));
update public.profiles set name = 'Edited By Admin' where id = (select other from ids);
select tests.assert_fails(format($$update public.profiles set email = 'edited@example.test' where id = %L$$, (select other from ids)), '42501', 'admin cannot write an e-mail directly');
select tests.assert_fails(format('update public.profiles set credits = 1 where id = %L', (select other from ids)), '42501', 'admin cannot write credits directly');
select tests.assert_fails(format('update public.profiles set is_admin = true where id = %L', (select other from ids)), '42501', 'admin cannot write is_admin directly');
reset role;
select tests.assert_equal((select name from public.profiles where id = (select other from ids)), 'Edited By Admin', 'admin renamed another user');

-- A confirmed change in auth.users (what Supabase Auth writes after both links) reaches the profile.
update auth.users set email = 'confirmed.owner@example.test' where id = (select owner from ids);
select tests.assert_equal((select email from public.profiles where id = (select owner from ids)), 'confirmed.owner@example.test', 'the profile follows auth.users');

-- The password helpers are gone: nothing in public reads or writes password hashes.
select tests.assert_equal((select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                           where n.nspname = 'public' and p.proname in ('password_hash_for_check', 'replace_password_hash', 'record_password_check', 'password_checks_left'))::int,
                          0, 'no password hash functions in public');

-- has_password follows auth.users (Supabase Auth sets the hash).
update auth.users set encrypted_password = null where id = (select victim from ids);
select tests.assert_equal((select has_password from public.profiles where id = (select victim from ids)), false, 'no password, has_password false');
update auth.users set encrypted_password = '$2b$10$abcdefghijklmnopqrstuuN6XxH9lq5W0Jd1l6yZ8WnQYk0mR3n2K' where id = (select victim from ids);
select tests.assert_equal((select has_password from public.profiles where id = (select victim from ids)), true, 'setting a password sets has_password');
-- A changed password (the account already had one) moves the profile's updatedAt: Security's "Last changed".
alter table public.profiles disable trigger profiles_touch_updated_at;
update public.profiles set updated_at = '2020-01-01T00:00:00Z' where id = (select victim from ids);
alter table public.profiles enable trigger profiles_touch_updated_at;
update auth.users set email = email where id = (select victim from ids);
select tests.assert_equal((select updated_at from public.profiles where id = (select victim from ids)), '2020-01-01T00:00:00Z'::timestamptz,
  'an auth.users update that changes neither e-mail nor password leaves the profile alone');
update auth.users set encrypted_password = '$2b$10$zyxwvutsrqponmlkjihgfeuN6XxH9lq5W0Jd1l6yZ8WnQYk0mR3n2K' where id = (select victim from ids);
select tests.assert_equal((select updated_at > '2020-01-01T00:00:00Z' from public.profiles where id = (select victim from ids)), true,
  'a new password hash touches the profile');

-- Deleting users: admins only, never themselves; the profile goes with the auth user.
select tests.authenticate_as((select owner from ids));
select tests.assert_fails(format('select public.admin_delete_user(%L)', (select victim from ids)), '42501', 'users cannot delete users');
reset role;
select tests.authenticate_anon();
select tests.assert_fails(format('select public.admin_delete_user(%L)', (select victim from ids)), '42501', 'anon cannot delete users');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_fails(format('select public.admin_delete_user(%L)', (select admin from ids)), '22023', 'admins cannot delete themselves');
select tests.assert_fails(format('select public.admin_delete_user(%L)', gen_random_uuid()), 'P0002', 'unknown users are a 404');
select public.admin_delete_user((select victim from ids));
reset role;
select tests.assert_equal((select count(*) from auth.users where id = (select victim from ids))::int, 0, 'the auth user is gone');
select tests.assert_equal((select count(*) from public.profiles where id = (select victim from ids))::int, 0, 'the profile is gone');

-- A demoted admin loses the rights at once, whatever their token says.
update public.profiles set is_admin = false where id = (select admin from ids);
select tests.authenticate_as((select admin from ids));
select tests.assert_fails(format('select public.admin_delete_user(%L)', (select other from ids)), '42501', 'a demoted admin cannot delete');
select tests.assert_equal((select count(*) from public.profiles)::int, 1, 'a demoted admin sees only their own profile');
reset role;
