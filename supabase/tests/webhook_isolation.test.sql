-- One account's webhooks cannot flood the queue or keep failing at full speed: a bound on waiting
-- deliveries per account, and a circuit breaker per endpoint. Run as the service role (the worker) and as
-- the owner, another user and anon.
grant usage on schema tests to service_role;
grant execute on all functions in schema tests to service_role;
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other;
grant select on ids to anon, authenticated, service_role;
update public.settings set value = '3' where key = 'webhooks.max_pending';
update public.settings set value = '2' where key = 'webhooks.breaker_failures';
select tests.authenticate_as((select owner from ids));
select public.save_webhook_endpoint('https://hooks.example.com/in', true);
reset role;

-- The bound: three deliveries wait; the fourth event is kept, its delivery marked not sent.
select public.queue_webhook_event((select owner from ids), 'ping', jsonb_build_object('n', n)) from generate_series(1, 4) n;
select tests.assert_equal((select string_agg(status, ',' order by id) from public.webhook_deliveries), 'pending,pending,pending,failed',
  'beyond the bound the delivery is not sent');
select tests.assert_equal((select last_error from public.webhook_deliveries order by id desc limit 1),
  'Not sent: 3 deliveries were already waiting for this endpoint. Resend it once they are through.', 'and says why');
select tests.assert_equal((select count(*) from public.webhook_events)::int, 4, 'every event is kept');
-- A resend beyond the bound is refused.
select tests.authenticate_as((select owner from ids));
select tests.assert_fails(format('select public.resend_webhook_delivery(%s)', (select max(id) from public.webhook_deliveries)),
  'P0429', 'no resend while the bound is reached');
reset role;
-- Another account's bound is its own.
select tests.authenticate_as((select other from ids));
select public.save_webhook_endpoint('https://other.example.com/in', true);
reset role;
create temp table theirs as select public.queue_webhook_event((select other from ids), 'ping', '{}') as id;
select tests.assert_equal((select status from public.webhook_deliveries where id = (select id from theirs)), 'pending',
  'another account is not bound by the first');

-- The breaker: two failed attempts in a row rest the endpoint; a delivery due meanwhile is postponed, not tried.
set local role service_role;
select public.webhook_claim_delivery(d.id, ('00000000-0000-4000-8000-00000000000' || n)::uuid, 60)
  from (select id, row_number() over (order by id) n from public.webhook_deliveries
         where user_id = (select owner from ids) and status = 'pending' order by id limit 2) d;
select public.webhook_record_attempt(d.id, d.claim_token, 'https://hooks.example.com/in', 500, 'HTTP 500', 10, 1000, 8)
  from public.webhook_deliveries d where d.user_id = (select owner from ids) and d.claim_token is not null;
reset role;
select tests.assert_equal((select (failure_streak, paused_until > now() + interval '299 seconds')::text
  from public.webhook_endpoints where user_id = (select owner from ids)), '(2,t)', 'two failures rest the endpoint for 300 s');
set local role service_role;
select tests.assert_equal((select count(*) from public.webhook_claim_delivery(
  (select min(id) from public.webhook_deliveries where user_id = (select owner from ids) and status = 'pending'),
  '00000000-0000-4000-8000-000000000009', 60))::int, 0, 'a resting endpoint gets no attempt');
reset role;
select tests.assert_equal((select (attempts, next_attempt_at >= (select paused_until from public.webhook_endpoints
  where user_id = (select owner from ids)), claim_token is null)::text
  from public.webhook_deliveries where id = (select min(id) from public.webhook_deliveries
    where user_id = (select owner from ids) and status = 'pending')), '(1,t,t)', 'it is postponed to the end of the rest, uncounted');
select tests.assert_equal((select paused_until from public.webhook_endpoints where user_id = (select other from ids)) is null,
  true, 'another account''s endpoint is not resting');
-- Saving the endpoint again (the owner fixed it) closes the breaker; a delivered attempt does too.
select tests.authenticate_as((select owner from ids));
select public.save_webhook_endpoint('https://hooks.example.com/fixed', true);
select tests.assert_equal((select (failure_streak, paused_until is null)::text from public.webhook_endpoints), '(0,t)',
  'a new URL closes the breaker');
select tests.assert_fails($$update public.webhook_endpoints set paused_until = null$$, '42501', 'the owner cannot write the breaker');
reset role;
update public.webhook_endpoints set failure_streak = 1 where user_id = (select owner from ids);
set local role service_role;
select public.webhook_claim_delivery((select max(id) from public.webhook_deliveries where user_id = (select owner from ids) and status = 'pending'),
  '00000000-0000-4000-8000-00000000000a', 60);
select public.webhook_record_attempt(d.id, d.claim_token, 'https://hooks.example.com/fixed', 204, null, 10, null, 8)
  from public.webhook_deliveries d where d.claim_token = '00000000-0000-4000-8000-00000000000a';
reset role;
select tests.assert_equal((select failure_streak from public.webhook_endpoints where user_id = (select owner from ids)), 0,
  'a delivered attempt resets the count');

-- Nobody but the worker claims or records; anon reads nothing.
select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select public.webhook_claim_delivery(1, gen_random_uuid(), 60)$$, '42501', 'the owner cannot claim');
select tests.assert_fails($$select public.queue_webhook_event(auth.uid(), 'ping', '{}')$$, '42501', 'the owner cannot queue events past the limits');
reset role;
select tests.authenticate_anon();
select tests.assert_fails('select count(*) from public.webhook_endpoints', '42501', 'anon reads no endpoint');
reset role;
