-- Who can read and write webhook endpoints, events, deliveries and attempts; the generation trigger.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated;
create temp table made (name text primary key, id bigint);
grant select, insert on made to authenticated;

-- Without an endpoint nothing is emitted, and test events are refused.
select public.apply_credit_change((select owner from ids), 200, 'purchase', 'test:webhook-credits');
select tests.authenticate_as((select owner from ids));
select tests.assert_fails('select public.send_webhook_test()', '22023', 'no test event without an endpoint');
select tests.assert_fails('select public.rotate_webhook_secret()', 'P0002', 'no rotation without an endpoint');
create temp table gens as select (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id as id;
reset role;
select public.generation_start((select id from gens), 'worker-a', 1);
select public.generation_complete((select id from gens), 'worker-a', '{}'::jsonb);
select tests.assert_equal((select count(*) from public.webhook_events)::int, 0, 'no event for an account without endpoint');

-- The owner saves an endpoint: a fresh secret is made by the database; bad URLs are refused.
select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select public.save_webhook_endpoint('ftp://example.com/hook', true)$$, '22023', 'only http(s) URLs');
select tests.assert_fails($$select public.save_webhook_endpoint('https://exa mple.com', true)$$, '22023', 'no spaces');
select public.save_webhook_endpoint('https://hooks.example.com/lift3d', true);
select tests.assert_equal((select url from public.webhook_endpoints), 'https://hooks.example.com/lift3d', 'owner reads the endpoint');
select tests.assert_equal((select secret ~ '^whsec_[0-9a-f]{64}$' from public.webhook_endpoints), true, 'secret shape');
create temp table secrets as select secret from public.webhook_endpoints;
select public.save_webhook_endpoint('https://hooks.example.com/v2', null);
select tests.assert_equal((select secret from public.webhook_endpoints), (select secret from secrets), 'saving keeps the secret');
select tests.assert_equal((select enabled from public.webhook_endpoints), true, 'null keeps the switch');
select public.rotate_webhook_secret();
select tests.assert_equal((select secret <> (select secret from secrets) from public.webhook_endpoints), true, 'rotation changes the secret');
-- Nobody writes the tables directly.
select tests.assert_fails($$update public.webhook_endpoints set secret = 'whsec_' || repeat('0', 64)$$, '42501', 'no direct update');
select tests.assert_fails(format($$insert into public.webhook_events (user_id, type, data) values (%L, 'ping', '{}')$$,
  (select owner from ids)), '42501', 'no direct event insert');
select tests.assert_fails($$delete from public.webhook_deliveries$$, '42501', 'no direct delete');
-- Worker functions are not callable by users.
select tests.assert_fails($$select public.webhook_claim_delivery(1, gen_random_uuid(), 30)$$, '42501', 'no claim by users');
select tests.assert_fails($$select public.webhook_record_attempt(1, gen_random_uuid(), 'u', 200, null, 1, null, 1)$$, '42501',
  'no attempt records by users');
select tests.assert_fails(format($$select public.queue_webhook_event(%L, 'ping', '{}')$$, (select owner from ids)), '42501',
  'no raw events by users');
-- A test event: one ping event and one pending delivery.
insert into made values ('ping', public.send_webhook_test());
select tests.assert_equal((select type from public.webhook_events), 'ping', 'ping event');
select tests.assert_equal((select status from public.webhook_deliveries where id = (select id from made where name = 'ping')),
  'pending', 'ping delivery pending');
reset role;

-- The trigger: completed and failed generations emit one event each with the exact data; progress does not.
select tests.authenticate_as((select owner from ids));
insert into gens select (public.create_generation('model', 'glb', 'low', tests.upload(null, 'uploads/b'), 'image/png', 10)).id;
insert into gens select (public.create_generation('model', 'glb', 'low', tests.upload(null, 'uploads/c'), 'image/png', 10)).id;
reset role;
select public.generation_start(id, 'worker-a', 1) from gens where id in (select id from public.generations where status = 'queued');
select tests.assert_equal((select count(*) from public.webhook_events where type like 'generation.%')::int, 0,
  'starting emits nothing');
select public.generation_complete(id, 'worker-a', '{}'::jsonb)
  from public.generations where status = 'processing' and input_key = 'uploads/b';
select public.generation_fail(id, 'worker-a', 'The image has no subject.')
  from public.generations where status = 'processing' and input_key = 'uploads/c';
select tests.assert_equal(
  (select data from public.webhook_events where type = 'generation.completed'),
  jsonb_build_object('generation_id', (select id from public.generations where input_key = 'uploads/b'),
                     'status', 'completed', 'error', null),
  'completed event data');
select tests.assert_equal(
  (select data from public.webhook_events where type = 'generation.failed'),
  jsonb_build_object('generation_id', (select id from public.generations where input_key = 'uploads/c'),
                     'status', 'failed', 'error', 'The image has no subject.'),
  'failed event data');
select tests.assert_equal((select count(*) from public.webhook_deliveries)::int, 3, 'one delivery per event');

-- Worker: claim, then a 500 schedules a retry; a second claim while held gets nothing; 2xx delivers.
insert into made values ('done', (select d.id from public.webhook_deliveries d join public.webhook_events v on v.id = d.event_id
  where v.type = 'generation.completed'));
create temp table claim as select gen_random_uuid() as token;
select tests.assert_equal((select count(*) from public.webhook_claim_delivery((select id from made where name = 'done'),
  (select token from claim), 30))::int, 1, 'first claim');
select tests.assert_equal((select count(*) from public.webhook_claim_delivery((select id from made where name = 'done'),
  gen_random_uuid(), 30))::int, 0, 'a held delivery cannot be claimed twice');
select tests.assert_equal(public.webhook_record_attempt((select id from made where name = 'done'), (select token from claim),
  'https://hooks.example.com/v2', 500, 'HTTP 500', 12, 1000, 3), 'pending', '500 is retried');
select public.webhook_claim_delivery((select id from made where name = 'done'), (select token from claim), 30);
select tests.assert_equal(public.webhook_record_attempt((select id from made where name = 'done'), (select token from claim),
  'https://hooks.example.com/v2', 204, null, 8, 1000, 3), 'delivered', '2xx delivers');
select tests.assert_equal((select count(*) from public.webhook_claim_delivery((select id from made where name = 'done'),
  gen_random_uuid(), 30))::int, 0, 'a delivered delivery is never claimed again');
select tests.assert_fails(format($$select public.webhook_record_attempt(%s, gen_random_uuid(), 'u', 200, null, 1, null, 3)$$,
  (select id from made where name = 'done')), 'P0002', 'no record without the claim');

-- The owner reads deliveries and attempts, and resends; another user sees and resends nothing.
select tests.authenticate_as((select owner from ids));
select tests.assert_equal((select string_agg(coalesce(status_code, 0)::text, ',' order by attempt) from public.webhook_attempts),
  '500,204', 'owner reads the attempts');
insert into made values ('resent', public.resend_webhook_delivery((select id from made where name = 'done')));
select tests.assert_equal((select resend_of from public.webhook_deliveries where id = (select id from made where name = 'resent')),
  (select id from made where name = 'done'), 'resend makes a new delivery of the same event');
select tests.assert_equal((select count(distinct event_id) from public.webhook_deliveries
  where id in (select id from made where name in ('done', 'resent')))::int, 1, 'same event');
reset role;
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.webhook_endpoints)::int, 0, 'other sees no endpoint');
select tests.assert_equal((select count(*) from public.webhook_events)::int, 0, 'other sees no events');
select tests.assert_equal((select count(*) from public.webhook_deliveries)::int, 0, 'other sees no deliveries');
select tests.assert_equal((select count(*) from public.webhook_attempts)::int, 0, 'other sees no attempts');
select tests.assert_fails(format('select public.resend_webhook_delivery(%s)', (select id from made where name = 'done')),
  'P0002', 'other cannot resend');
reset role;
-- Admins get no special access to other people's endpoints (the secret is the owner's).
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.webhook_endpoints)::int, 0, 'admin sees no endpoint');
reset role;
select tests.authenticate_anon();
select tests.assert_fails('select count(*) from public.webhook_endpoints', '42501', 'anon cannot read endpoints');
select tests.assert_fails('select count(*) from public.webhook_deliveries', '42501', 'anon cannot read deliveries');
select tests.assert_fails($$select public.save_webhook_endpoint('https://example.com', true)$$, '42501', 'anon cannot save');
select tests.assert_fails('select public.send_webhook_test()', '42501', 'anon cannot send tests');
reset role;

-- A disabled endpoint emits nothing and refuses test events; the manual limit holds.
select tests.authenticate_as((select owner from ids));
select public.save_webhook_endpoint('https://hooks.example.com/v2', false);
select tests.assert_fails('select public.send_webhook_test()', '22023', 'no test event while disabled');
select public.save_webhook_endpoint('https://hooks.example.com/v2', true);
reset role;
insert into public.settings (key, value) values ('webhooks.manual_per_hour', '2')
  on conflict (key) do update set value = excluded.value;
select tests.authenticate_as((select owner from ids));
select tests.assert_fails('select public.send_webhook_test()', 'P0429', 'the hourly limit of test events and resends');
reset role;
