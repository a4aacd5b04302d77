-- Accounts: e-mail changes reach auth.users, admins edit and delete, passwords change only for oneself.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin, tests.create_user('Victim') as victim;
grant select on ids to anon, authenticated;

-- The owner changes their e-mail: stored trimmed and lower case, and auth.users follows.
select tests.authenticate_as((select owner from ids));
update public.profiles set email = '  New.Owner@Example.TEST ', name = '  Owner Two  ' where id = (select owner from ids);
reset role;
select tests.assert_equal((select email from public.profiles where id = (select owner from ids)), 'new.owner@example.test', 'profile e-mail normalised');
select tests.assert_equal((select name from public.profiles where id = (select owner from ids)), 'Owner Two', 'profile name trimmed');
select tests.assert_equal((select email::text from auth.users where id = (select owner from ids)), 'new.owner@example.test', 'auth.users e-mail follows the profile');

-- Someone else's address, or no address at all, is refused.
select tests.authenticate_as((select other from ids));
select tests.assert_fails(format($$update public.profiles set email = 'NEW.owner@example.test' where id = %L$$, (select other from ids)), '23505', 'an e-mail used by another account is refused');
select tests.assert_fails(format($$update public.profiles set email = 'not-an-address' where id = %L$$, (select other from ids)), '22023', 'a malformed e-mail is refused');
-- Another user's profile stays untouched (RLS hides it).
update public.profiles set email = 'stolen@example.test' where id = (select owner from ids);
reset role;
select tests.assert_equal((select email::text from auth.users where id = (select owner from ids)), 'new.owner@example.test', 'another user cannot move someone''s sign-in address');

-- anon cannot change anything.
select tests.authenticate_anon();
select tests.assert_fails($$update public.profiles set email = 'x@example.test'$$, '42501', 'anon cannot update');
reset role;

-- Admins edit other profiles' name and e-mail, but still not credits or the admin flag.
select tests.authenticate_as((select admin from ids));
update public.profiles set name = 'Edited By Admin', email = 'edited@example.test' where id = (select other from ids);
select tests.assert_fails(format('update public.profiles set credits = 1 where id = %L', (select other from ids)), '42501', 'admin cannot write credits directly');
select tests.assert_fails(format('update public.profiles set is_admin = true where id = %L', (select other from ids)), '42501', 'admin cannot write is_admin directly');
reset role;
select tests.assert_equal((select name from public.profiles where id = (select other from ids)), 'Edited By Admin', 'admin renamed another user');
select tests.assert_equal((select email::text from auth.users where id = (select other from ids)), 'edited@example.test', 'admin e-mail change reaches auth.users');

-- Password hashes: never readable by users; replaced only by their owner, only if unchanged meanwhile.
select tests.authenticate_as((select owner from ids));
select tests.assert_fails(format('select public.password_hash_for_check(%L)', (select owner from ids)), '42501', 'users cannot read password hashes');
select tests.assert_fails(format('select public.record_password_check(%L, true)', (select owner from ids)), '42501', 'users cannot reset their failure count');
select tests.assert_fails(format($$select public.replace_password_hash(%L, 'hash', '$2b$10$abcdefghijklmnopqrstuuN6XxH9lq5W0Jd1l6yZ8WnQYk0mR3n2K')$$, (select other from ids)), '42501', 'nobody replaces another user''s password');
select tests.assert_fails(format($$select public.replace_password_hash(%L, 'hash', 'plain text')$$, (select owner from ids)), '22023', 'only bcrypt hashes are stored');
select tests.assert_fails(format($$select public.replace_password_hash(%L, 'stale', '$2b$10$abcdefghijklmnopqrstuuN6XxH9lq5W0Jd1l6yZ8WnQYk0mR3n2K')$$, (select owner from ids)), '40001', 'a stale expected hash is refused');
select public.replace_password_hash((select owner from ids), 'hash', '$2b$10$abcdefghijklmnopqrstuuN6XxH9lq5W0Jd1l6yZ8WnQYk0mR3n2K');
reset role;
select tests.assert_equal((select encrypted_password::text from auth.users where id = (select owner from ids)), '$2b$10$abcdefghijklmnopqrstuuN6XxH9lq5W0Jd1l6yZ8WnQYk0mR3n2K', 'the owner replaced their hash');

-- A Google account without a password gets one and has_password follows.
update auth.users set encrypted_password = null where id = (select victim from ids);
select tests.assert_equal((select has_password from public.profiles where id = (select victim from ids)), false, 'no password, has_password false');
select tests.authenticate_as((select victim from ids));
select public.replace_password_hash((select victim from ids), null, '$2b$10$abcdefghijklmnopqrstuuN6XxH9lq5W0Jd1l6yZ8WnQYk0mR3n2K');
reset role;
select tests.assert_equal((select has_password from public.profiles where id = (select victim from ids)), true, 'setting a password sets has_password');

-- The failure counter allows 5 misses per 15 minutes.
select public.record_password_check((select owner from ids), false) from generate_series(1, 4);
select tests.assert_equal(public.password_checks_left((select owner from ids)), 1, 'four misses leave one try');
select public.record_password_check((select owner from ids), true);
select tests.assert_equal(public.password_checks_left((select owner from ids)), 5, 'a success resets the count');

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
