-- Free /app66 conversions: only the api (service role) creates them, for the signed-in caller; cost 0 and no
-- ledger rows, low topology, a model; per-account and per-network daily limits; private like any generation.
-- The api calls these as the service role: it records uploads with tests.upload() too.
grant usage on schema tests to service_role;
grant execute on all functions in schema tests to service_role;
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin,
       repeat('a', 64) as ip_a, repeat('b', 64) as ip_b;
grant select on ids to anon, authenticated, service_role;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated, service_role;

-- Nobody but the service role calls the free functions (the IP hash must come from the api).
select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select public.create_free_generation('glb', tests.upload(), 'image/png', 10)$$,
  '42501', 'a signed-in user cannot create a free generation directly');
select tests.assert_fails($$select public.free_generation_quota(null)$$,
  '42501', 'a signed-in user cannot call the quota function directly');
reset role;
select tests.authenticate_anon();
select tests.assert_fails($$select public.create_free_generation('glb', tests.upload(), 'image/png', 10)$$,
  '42501', 'anon cannot create a free generation');
select tests.assert_fails('select count(*) from public.free_generation_uses', '42501', 'anon cannot read the uses');
reset role;

-- The service role (the api) with the owner's claims: a free model in low topology, cost 0, no ledger rows.
select tests.authenticate_as((select owner from ids));
set local role service_role;
insert into made select 'first',
  (public.create_free_generation('stl', tests.upload(), 'image/png', 10, 'free-key-1', (select ip_a from ids))).id;
reset role;
select tests.assert_equal((select (user_id, kind, topology, format, cost, free, status)::text
                             from public.generations where id = (select id from made where name = 'first')),
  format('(%s,model,low,stl,0,t,queued)', (select owner from ids)), 'a free model, low topology, cost 0, queued');
select tests.assert_equal((select count(*) from public.credit_ledger where user_id = (select owner from ids))::int,
  0, 'no ledger rows for a free conversion');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 0,
  'the balance stays 0');

-- Same Idempotency-Key: the same generation, nothing counted twice (superuser with the owner's claims = the api).
select tests.authenticate_as((select owner from ids));
reset role;
select tests.assert_equal(
  (public.create_free_generation('glb', tests.upload(), 'image/png', 10, 'free-key-1', (select ip_a from ids))).id,
  (select id from made where name = 'first'), 'a repeated key returns the first generation');
select tests.assert_equal(public.free_generation_quota((select ip_a from ids)),
  '{"limit": 3, "used": 1, "remaining": 2}'::jsonb, 'one of three used');
select tests.assert_fails($$select public.create_free_generation('dae', tests.upload(), 'image/png', 10)$$,
  '22023', 'unknown formats are refused');
select tests.assert_fails($$select public.create_free_generation('glb', tests.upload(), 'image/png', 10, null, 'not-a-hash')$$,
  '22023', 'a malformed address hash is refused');

-- The daily limit (app66.daily_limit, 3) with its message; finished conversions still count.
update public.generations set status = 'completed' where user_id = (select owner from ids);
insert into made select 'second', (public.create_free_generation('glb', tests.upload(), 'image/png', 10, null, (select ip_a from ids))).id;
insert into made select 'third', (public.create_free_generation('glb', tests.upload(), 'image/png', 10, null, (select ip_a from ids))).id;
update public.generations set status = 'completed' where id = (select id from made where name = 'second');
do $$
begin
  perform public.create_free_generation('glb', tests.upload(), 'image/png', 10, null, (select ip_a from ids));
  raise exception 'FAILED: the daily limit let a fourth free conversion through';
exception when sqlstate 'P0429' then
  if sqlerrm <> 'You have used your 3 free conversions for today. Come back tomorrow, or use credits in the Studio.' then
    raise exception 'FAILED: unexpected 429 message: %', sqlerrm;
  end if;
end $$;
select tests.assert_equal(public.free_generation_quota((select ip_a from ids)),
  '{"limit": 3, "used": 3, "remaining": 0}'::jsonb, 'all three used');

-- A failed free conversion is just failed: no refund row, no promise of one, and the try comes back.
select public.generation_start((select id from made where name = 'third'), 'worker-a', 1);
select tests.assert_equal(public.generation_fail((select id from made where name = 'third'), 'worker-a',
  'The conversion failed on our side. Your credits have been refunded. Please try again.'), true, 'it fails');
select tests.assert_equal((select error from public.generations where id = (select id from made where name = 'third')),
  'The conversion failed on our side. Please try again.', 'the message does not mention a refund');
select tests.assert_equal((select count(*) from public.credit_ledger where user_id = (select owner from ids))::int,
  0, 'still no ledger rows after the failure');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 0, 'balance still 0');
select tests.assert_equal((public.free_generation_quota((select ip_a from ids)) ->> 'remaining')::int, 1,
  'the failed one does not count');
-- Deleting from the history does not give a try back.
select tests.authenticate_as((select owner from ids));
select public.delete_generation((select id from made where name = 'second'));
reset role;
select tests.assert_equal((public.free_generation_quota((select ip_a from ids)) ->> 'remaining')::int, 1,
  'a deleted one still counts');

-- Another account on the same network: the network limit (app66.daily_limit_per_ip) applies too.
update public.settings set value = '3' where key = 'app66.daily_limit_per_ip';
select tests.authenticate_as((select other from ids));
reset role;
select tests.assert_equal(public.free_generation_quota((select ip_a from ids)),
  '{"limit": 3, "used": 0, "remaining": 1}'::jsonb, 'a new account on a used network has what the network has left');
insert into made select 'other-1', (public.create_free_generation('glb', tests.upload(), 'image/png', 10, null, (select ip_a from ids))).id;
select tests.assert_fails($$select public.create_free_generation('glb', tests.upload(), 'image/png', 10, null, (select ip_a from ids))$$,
  'P0429', 'the network has used its free conversions');
select tests.assert_equal(
  (public.create_free_generation('glb', tests.upload(), 'image/png', 10, null, (select ip_b from ids))).cost, 0,
  'the same account on another network may go on');
update public.settings set value = '10' where key = 'app66.daily_limit_per_ip';

-- Yesterday's conversions do not count today.
update public.free_generation_uses set created_at = date_trunc('day', now(), 'UTC') - interval '1 minute'
 where user_id = (select owner from ids);
select tests.authenticate_as((select owner from ids));
reset role;
select tests.assert_equal(public.free_generation_quota((select ip_a from ids)) ->> 'used', '0', 'a new day, a new quota');

-- A limit of 0 pauses free conversions.
update public.settings set value = '0' where key = 'app66.daily_limit';
select tests.assert_fails($$select public.create_free_generation('glb', tests.upload(), 'image/png', 10)$$,
  'P0429', 'free conversions paused');
update public.settings set value = '3' where key = 'app66.daily_limit';

-- Private like any generation: the owner sees it, another user does not, the uses are admin-only.
select tests.authenticate_as((select owner from ids));
select tests.assert_equal((select count(*) from public.generations where id = (select id from made where name = 'first'))::int,
  1, 'the owner sees the free generation');
select tests.assert_equal((select count(*) from public.free_generation_uses)::int, 0, 'the owner cannot read the uses (IP hashes)');
reset role;
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.generations where user_id = (select owner from ids))::int,
  0, 'another user sees none of them');
select tests.assert_fails(format($$select public.delete_generation(%L)$$, (select id from made where name = 'first')),
  'P0002', 'another user cannot delete it');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.free_generation_uses where user_id = (select owner from ids))::int,
  3, 'admins read the uses');
reset role;
