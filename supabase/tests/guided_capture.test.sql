-- Guided capture: shot checks (the caller's own recorded upload, a per-minute limit, written back by the
-- service role only, private to the owner) and the desktop's phone sessions (made by the owner with a token
-- hash, resolved by the service role only, a shot filed only into the caller's own live session).
grant usage on schema tests to service_role;
grant execute on all functions in schema tests to service_role;
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated, service_role;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated, service_role;

-- A shot check of the owner's own upload: queued, no credits.
select tests.authenticate_as((select owner from ids));
insert into made select 'front', (public.create_shot_check('front', tests.upload(), 'image/jpeg', 10, 26)).id;
select tests.assert_equal((select (status, side, focal_length_35mm)::text from public.shot_checks
                            where id = (select id from made where name = 'front')),
  '(queued,front,26)', 'a queued check of the front shot with its focal length');
select tests.assert_fails($$select public.create_shot_check('top', tests.upload(), 'image/jpeg', 10)$$,
  '22023', 'an unknown side is refused');
select tests.assert_fails($$select public.create_shot_check('front', tests.upload(), 'image/jpeg', 10, 2000)$$,
  '22023', 'an impossible focal length is refused');
select tests.assert_fails($$select public.create_shot_check('front', 'uploads/not-mine.jpg', 'image/jpeg', 10)$$,
  '22023', 'a key that is not the caller''s upload is refused');
select tests.assert_fails($$select public.shot_check_finish(gen_random_uuid(), 'passed', null, null, null)$$,
  '42501', 'a user cannot write a check''s answer');
select tests.assert_fails($$select public.capture_session_user(repeat('c', 64))$$,
  '42501', 'a user cannot resolve a phone token');
select tests.assert_fails(format($$select public.create_shot_check('front', %L, 'image/jpeg', 10)$$,
                                 tests.upload((select other from ids))),
  '22023', 'another user''s upload is refused');
reset role;
select tests.authenticate_anon();
select tests.assert_fails($$select public.create_shot_check('front', 'uploads/x.jpg', 'image/jpeg', 10)$$,
  '42501', 'anon cannot check a shot');
select tests.assert_fails('select count(*) from public.shot_checks', '42501', 'anon cannot read checks');
reset role;

-- The worker answers.
select tests.assert_equal((public.shot_check_start((select id from made where name = 'front'))).status, 'processing',
  'the worker takes the check');
select tests.assert_equal(public.shot_check_finish((select id from made where name = 'front'), 'refused', 'cut_off',
  'The object is cut off at the left of the photo.', '{"box": [0, 0.1, 0.6, 0.9]}'), true, 'the worker refuses it');
select tests.assert_equal(public.shot_check_finish((select id from made where name = 'front'), 'passed', null, null,
  null), false, 'a finished check is not answered twice');

-- Only the owner (and admins) read it.
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.shot_checks)::int, 0, 'another user sees no checks');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.shot_checks)::int, 1, 'the admin sees the check');
reset role;

-- The per-minute limit (capture.checks_per_minute).
insert into public.settings (key, value) values ('capture.checks_per_minute', '2')
  on conflict (key) do update set value = excluded.value;
select tests.authenticate_as((select owner from ids));
select public.create_shot_check('right', tests.upload(), 'image/jpeg', 10);
select tests.assert_fails($$select public.create_shot_check('back', tests.upload(), 'image/jpeg', 10)$$,
  'P0429', 'a third check within a minute is refused');

-- Phone sessions: the owner makes one with a token hash; the service role resolves it.
insert into made select 'session', (public.create_capture_session(repeat('d', 64))).id;
select tests.assert_fails($$select public.create_capture_session('not-a-hash')$$, '22023',
  'a malformed token hash is refused');
select tests.assert_fails($$select token_hash from public.capture_sessions$$, '42501',
  'the owner cannot read the token hash back');
select tests.assert_equal((select count(*) from public.capture_sessions)::int, 1, 'the owner sees the session');
reset role;
set local role service_role;
select tests.assert_equal((select user_id from public.capture_session_user(repeat('d', 64))),
  (select owner from ids), 'the service role resolves the token to the owner');
select tests.assert_equal((select count(*) from public.capture_session_user(repeat('e', 64)))::int, 0,
  'an unknown token resolves to nothing');
reset role;

-- A shot goes only into the caller's own live session.
select tests.authenticate_as((select other from ids));
select tests.assert_fails(format('select public.capture_session_add_shot(%L, %L)', (select id from made where name = 'session'),
                                 (select id from made where name = 'front')),
  'P0002', 'another user cannot file into the owner''s session');
select tests.assert_equal((select count(*) from public.capture_sessions)::int, 0, 'another user sees no sessions');
reset role;
select tests.authenticate_as((select owner from ids));
select public.capture_session_add_shot((select id from made where name = 'session'), (select id from made where name = 'front'));
select tests.assert_equal((select session_id from public.shot_checks where id = (select id from made where name = 'front')),
  (select id from made where name = 'session'), 'the owner files the shot into the session');
reset role;
update public.capture_sessions set expires_at = now() - interval '1 second';
set local role service_role;
select tests.assert_equal((select count(*) from public.capture_session_user(repeat('d', 64)))::int, 0,
  'an ended session resolves to nothing');
reset role;
select tests.authenticate_as((select owner from ids));
select tests.assert_fails(format('select public.capture_session_add_shot(%L, %L)', (select id from made where name = 'session'),
                                 (select id from made where name = 'front')),
  'P0002', 'nothing is filed into an ended session');
reset role;
