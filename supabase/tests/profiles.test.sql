-- Who can read and write what in public.profiles.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated;

-- A profile is created for every new auth user, with the sign-up name and no credits.
select tests.assert_equal((select name from public.profiles where id = (select owner from ids)), 'Owner', 'profile created with the name');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 0, 'new accounts start with 0 credits');
select tests.assert_equal((select has_password from public.profiles where id = (select owner from ids)), true, 'password accounts have has_password');

-- anon sees nothing and cannot write.
select tests.authenticate_anon();
select tests.assert_fails('select count(*) from public.profiles', '42501', 'anon cannot read profiles');
select tests.assert_fails($$update public.profiles set name = 'x'$$, '42501', 'anon cannot update profiles');
reset role;

-- The owner reads only their own row and can change only name and e-mail.
select tests.authenticate_as((select owner from ids));
select tests.assert_equal((select count(*) from public.profiles)::int, 1, 'owner sees exactly one profile');
select tests.assert_equal((select id from public.profiles), (select owner from ids), 'the one row is their own');
update public.profiles set name = 'Renamed' where id = (select owner from ids);
select tests.assert_equal((select name from public.profiles where id = (select owner from ids)), 'Renamed', 'owner renames themselves');
select tests.assert_fails(format('update public.profiles set credits = 100000 where id = %L', (select owner from ids)), '42501', 'owner cannot raise their credits');
select tests.assert_fails(format('update public.profiles set is_admin = true where id = %L', (select owner from ids)), '42501', 'owner cannot make themselves admin');
select tests.assert_fails(format('update public.profiles set has_password = false where id = %L', (select owner from ids)), '42501', 'owner cannot flip has_password');
select tests.assert_fails(format('insert into public.profiles (id) values (%L)', gen_random_uuid()), '42501', 'owner cannot insert profiles');
select tests.assert_fails(format('delete from public.profiles where id = %L', (select owner from ids)), '42501', 'owner cannot delete profiles');
-- Another user's row is invisible, so an update touches nothing.
update public.profiles set name = 'Hijacked' where id = (select other from ids);
reset role;
select tests.assert_equal((select name from public.profiles where id = (select other from ids)), 'Other', 'another user''s profile is untouched');

-- Admins read every profile (and still cannot write credits directly).
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.profiles where id in ((select owner from ids), (select other from ids)))::int, 2, 'admin reads all profiles');
select tests.assert_fails(format('update public.profiles set credits = 5 where id = %L', (select owner from ids)), '42501', 'admin cannot write credits directly either');
reset role;

-- The access-token hook adds is_admin from the table, whatever the user metadata says.
update auth.users set raw_user_meta_data = raw_user_meta_data || '{"is_admin": true}' where id = (select owner from ids);
select tests.assert_equal(
  (public.custom_access_token_hook(jsonb_build_object('user_id', (select owner from ids), 'claims', jsonb_build_object('sub', (select owner from ids), 'is_admin', true))) -> 'claims' ->> 'is_admin'),
  'false', 'metadata or incoming claims cannot make a user admin');
select tests.assert_equal(
  (public.custom_access_token_hook(jsonb_build_object('user_id', (select admin from ids), 'claims', '{}'::jsonb)) -> 'claims' ->> 'is_admin'),
  'true', 'admins get is_admin in their token');
set local role authenticated;
select tests.assert_fails($$select public.custom_access_token_hook('{}')$$, '42501', 'users cannot call the hook');
reset role;
