-- Direct upload records: only the api issues them (for the caller, within the credit, free-quota,
-- outstanding and per-minute limits); inserting a generation or view claims one, once; the worker's sweep
-- takes only unclaimed uploads past their expiry plus the grace period, never one a generation names, and
-- never a row another transaction holds.
-- The assertions also run as the service role here (rolled back with the file).
grant usage on schema tests to service_role;
grant execute on all functions in schema tests to service_role;
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Broke') as broke, repeat('a', 64) as ip_a;
grant select on ids to anon, authenticated, service_role;
update public.profiles set credits = 0 where id = (select broke from ids);
create temp table keys (name text primary key, key text);
grant select, insert on keys to authenticated, service_role;
insert into keys select 'k' || n, format('uploads/%s/%s.png', (select owner from ids), gen_random_uuid())
  from generate_series(1, 25) n;
insert into keys values ('theirs', format('uploads/%s/%s.png', (select other from ids), gen_random_uuid()));
select public.apply_credit_change((select owner from ids), 100, 'purchase', 'test:owner');

-- Nobody but the service role issues, takes or marks uploads; nobody writes the table directly.
select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select public.issue_direct_upload((select key from keys where name = 'k1'), 'paid',
  'image/png', 10, 300)$$, '42501', 'a signed-in user cannot issue an upload URL record directly');
select tests.assert_fails('select public.take_unclaimed_uploads(0, 10)', '42501', 'a user cannot take uploads to sweep');
select tests.assert_fails($$select public.mark_uploads_swept(array['x'])$$, '42501', 'a user cannot mark uploads swept');
select tests.assert_fails($$select public.claim_direct_upload('x', auth.uid(), gen_random_uuid())$$, '42501',
  'a user cannot claim an upload without a generation');
select tests.assert_fails($$insert into public.direct_uploads (key, user_id, purpose, content_type, declared_bytes,
  expires_at) values ((select key from keys where name = 'k1'), auth.uid(), 'paid', 'image/png', 1,
  now() + interval '1 hour')$$, '42501', 'no direct insert');
reset role;
select tests.authenticate_anon();
select tests.assert_fails('select count(*) from public.direct_uploads', '42501', 'anon reads nothing');
select tests.assert_fails('select public.take_unclaimed_uploads(0, 10)', '42501', 'anon cannot sweep');
reset role;

-- The api (service role with the caller's claims) issues into the caller's folder only.
select tests.authenticate_as((select owner from ids));
set local role service_role;
select public.issue_direct_upload((select key from keys where name = 'k1'), 'paid', 'image/png', 10, 300);
select tests.assert_fails($$select public.issue_direct_upload((select key from keys where name = 'theirs'), 'paid',
  'image/png', 10, 300)$$, '22023', 'not into someone else''s folder');
select tests.assert_fails($$select public.issue_direct_upload((select key from keys where name = 'k2'), 'paid',
  'image/png', 10, 0)$$, '22023', 'a URL must live at least a second');
select tests.assert_fails($$select public.issue_direct_upload((select key from keys where name = 'k2'), 'gift',
  'image/png', 10, 300)$$, '22023', 'purpose is paid or free');
reset role;
select tests.assert_equal((select (user_id = (select owner from ids), purpose, expires_at = now() + interval '300 seconds',
  claimed_at is null, swept_at is null)::text from public.direct_uploads where key = (select key from keys where name = 'k1')),
  '(t,paid,t,t,t)', 'the issued upload is recorded with its expiry');

-- The owner reads their own records, another user does not.
select tests.authenticate_as((select owner from ids));
select tests.assert_equal((select count(*) from public.direct_uploads)::int, 1, 'the owner sees their upload');
reset role;
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.direct_uploads)::int, 0, 'another user sees none');
reset role;

-- A paid upload needs the credits for one conversion; a free one a free conversion left today.
select tests.authenticate_as((select broke from ids));
set local role service_role;
select tests.assert_fails(format($$select public.issue_direct_upload('uploads/%s/%s.png', 'paid', 'image/png', 10, 300)$$,
  (select broke from ids), gen_random_uuid()), 'P0402', 'no credits, no paid upload URL');
select public.issue_direct_upload(format('uploads/%s/%s.png', (select broke from ids), gen_random_uuid()), 'free',
  'image/png', 10, 300, (select ip_a from ids));
reset role;
update public.settings set value = '0' where key = 'app66.daily_limit';
select tests.authenticate_as((select broke from ids));
set local role service_role;
select tests.assert_fails(format($$select public.issue_direct_upload('uploads/%s/%s.png', 'free', 'image/png', 10, 300)$$,
  (select broke from ids), gen_random_uuid()), 'P0429', 'free uploads stop when the free conversions do');
reset role;
update public.settings set value = '3' where key = 'app66.daily_limit';

-- At most uploads.max_outstanding unclaimed, unexpired uploads; expired and claimed ones do not count.
update public.settings set value = '100' where key = 'uploads.per_minute';
select tests.authenticate_as((select owner from ids));
set local role service_role;
select public.issue_direct_upload(key, 'paid', 'image/png', 10, 300) from keys where name in
  (select 'k' || n from generate_series(2, 20) n);
select tests.assert_fails($$select public.issue_direct_upload((select key from keys where name = 'k21'), 'paid',
  'image/png', 10, 300)$$, 'P0429', 'a 21st outstanding upload is refused');
reset role;
update public.direct_uploads set created_at = now() - interval '10 minutes', expires_at = now() - interval '5 minutes'
 where key = (select key from keys where name = 'k2');
select tests.authenticate_as((select owner from ids));
set local role service_role;
select public.issue_direct_upload((select key from keys where name = 'k21'), 'paid', 'image/png', 10, 300);
reset role;

-- A generation naming an upload claims it, once; a view too.
select tests.authenticate_as((select owner from ids));
create temp table made as select g.id from public.create_generation('model', 'glb', 'low', (select key from keys where name = 'k3'),
  'image/png', 10) g;
select tests.assert_equal((select (claimed_at is not null, generation_id = (select id from made))::text
  from public.direct_uploads where key = (select key from keys where name = 'k3')), '(t,t)', 'the generation claimed its upload');
select public.add_generation_view((select id from made), 'back', (select key from keys where name = 'k4'), 'image/png', 10);
select tests.assert_equal((select generation_id = (select id from made) from public.direct_uploads
  where key = (select key from keys where name = 'k4')), true, 'the view claimed its upload');
select tests.assert_fails($$select public.create_generation('model', 'glb', 'low', (select key from keys where name = 'k3'),
  'image/png', 10)$$, 'P0409', 'an upload feeds one generation');
select tests.assert_fails($$select public.create_generation('model', 'glb', 'low', (select key from keys where name = 'k4'),
  'image/png', 10)$$, 'P0409', 'a view''s upload feeds no other generation');
reset role;
select public.apply_credit_change((select other from ids), 100, 'purchase', 'test:other');
select tests.authenticate_as((select other from ids));
select tests.assert_fails($$select public.create_generation('model', 'glb', 'low', (select key from keys where name = 'k5'),
  'image/png', 10)$$, '22023', 'another user''s upload cannot be claimed');
reset role;

-- The sweep takes unclaimed uploads past expiry plus grace only; claimed and fresh ones stay.
update public.direct_uploads set created_at = now() - interval '3 hours', expires_at = now() - interval '2 hours'
 where key in (select key from keys where name in ('k3', 'k5', 'k6'));
-- k7: expired only 10 minutes ago, inside a grace of one hour.
update public.direct_uploads set created_at = now() - interval '20 minutes', expires_at = now() - interval '10 minutes'
 where key = (select key from keys where name = 'k7');
set local role service_role;
select tests.assert_equal((select string_agg(k.name, ',' order by k.name) from public.take_unclaimed_uploads(3600, 100) t
  join keys k on k.key = t.key), 'k5,k6', 'expired past the grace and unclaimed: k5, k6 (k2 expired 5 minutes ago)');
select tests.assert_equal((select string_agg(k.name, ',' order by k.name) from public.take_unclaimed_uploads(0, 100) t
  join keys k on k.key = t.key), 'k2,k5,k6,k7', 'a grace of 0 adds the upload expired 10 minutes ago');
select tests.assert_equal((select count(*) from public.take_unclaimed_uploads(-99999, 100) t
  where t.key not in (select key from public.direct_uploads where expires_at < now()))::int, 0,
  'a negative grace never takes an upload whose URL still works');
select tests.assert_equal(public.mark_uploads_swept((select array_agg(key) from keys where name in ('k2', 'k3', 'k5'))), 2,
  'marking skips the claimed upload');
select tests.assert_equal((select string_agg(k.name, ',' order by k.name) from public.take_unclaimed_uploads(3600, 100) t
  join keys k on k.key = t.key), 'k6', 'swept uploads are not taken again');
reset role;

-- A swept upload cannot feed a generation any more.
select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select public.create_generation('model', 'glb', 'low', (select key from keys where name = 'k2'),
  'image/png', 10)$$, '22023', 'a swept upload feeds no generation');
reset role;

-- An upload a generation names is never taken, whatever its record says.
update public.direct_uploads set claimed_at = null, generation_id = null
 where key = (select key from keys where name = 'k3');
set local role service_role;
select tests.assert_equal((select count(*) from public.take_unclaimed_uploads(0, 100) t
  where t.key = (select key from keys where name = 'k3'))::int, 0, 'a referenced upload is never swept');
reset role;

-- Per minute: at most uploads.per_minute issued.
update public.settings set value = '2' where key = 'uploads.per_minute';
select tests.authenticate_as((select other from ids));
set local role service_role;
select public.issue_direct_upload(format('uploads/%s/%s.png', (select other from ids), gen_random_uuid()), 'paid',
  'image/png', 10, 300) from generate_series(1, 2);
select tests.assert_fails(format($$select public.issue_direct_upload('uploads/%s/%s.png', 'paid', 'image/png', 10, 300)$$,
  (select other from ids), gen_random_uuid()), 'P0429', 'a third upload in a minute is refused');
reset role;
