-- Credit packs (readable by everyone, active only; admins manage) and payment orders (price from the
-- pack, credited exactly once per capture, only for the order's own account, reversals compensate).
-- The service role acts here too (rolled back with the file).
grant usage on schema tests to service_role;
grant execute on all functions in schema tests to service_role;
create temp table ids as
select tests.create_user('Buyer') as buyer, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated, service_role;

-- The seeded packs.
select tests.assert_equal(
  (select string_agg(format('%s:%s:%s:%s:%s', id, credits, price_cents, currency, popular), ' ' order by sort) from public.credit_packs),
  'starter:5600:1300:EUR:f professional:12000:2000:EUR:t enterprise:40000:4500:EUR:f', 'the three packs of the spec');
select tests.assert_equal((select note from public.credit_packs where id = 'professional'), 'For professionals and regular users', 'pack notes');

select tests.authenticate_anon();
select tests.assert_equal((select count(*) from public.credit_packs)::int, 3, 'anon reads the active packs');
select tests.assert_fails($$update public.credit_packs set price_cents = 1$$, '42501', 'anon cannot change prices');
reset role;

update public.credit_packs set active = false where id = 'starter';
select tests.authenticate_as((select buyer from ids));
select tests.assert_equal((select string_agg(id, ',' order by sort) from public.credit_packs), 'professional,enterprise', 'inactive packs are hidden from users');
update public.credit_packs set price_cents = 1 where id = 'professional';
select tests.assert_fails($$insert into public.credit_packs (id, name, credits, price_cents) values ('free', 'Free', 100000, 1)$$, '42501', 'users cannot add packs');
reset role;
select tests.assert_equal((select price_cents from public.credit_packs where id = 'professional'), 2000, 'a user''s price change touches nothing');

select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.credit_packs)::int, 3, 'admins read inactive packs too');
update public.credit_packs set active = true where id = 'starter';
select tests.assert_equal((select active from public.credit_packs where id = 'starter'), true, 'admins toggle packs');
reset role;

-- Users cannot create or settle orders themselves.
select tests.authenticate_as((select buyer from ids));
select tests.assert_fails(format($$select public.create_payment_order(%L, 'professional', 'demo')$$, (select buyer from ids)), '42501', 'users cannot create orders directly');
select tests.assert_fails($$select public.complete_payment_order('demo', 'x', 'x', 'COMPLETED', 2000, 'EUR', null)$$, '42501', 'users cannot complete orders');
select tests.assert_fails($$select public.reverse_payment_order('x', 'refunded')$$, '42501', 'users cannot reverse orders');
select tests.assert_fails($$insert into public.payment_orders (provider, user_id, pack_id, credits, amount_cents, currency) values ('demo', auth.uid(), 'starter', 1, 1, 'EUR')$$, '42501', 'users cannot insert orders');
reset role;

-- The service role creates an order from the pack's stored price.
set local role service_role;
create temp table o1 as select public.create_payment_order((select buyer from ids), 'Professional', 'demo') as j;
select tests.assert_equal((select (j ->> 'amountCents')::int from o1), 2000, 'the price comes from the pack');
select tests.assert_equal((select j ->> 'currency' from o1), 'EUR', 'in euro');
select tests.assert_equal((select (j ->> 'credits')::int from o1), 12000, 'for the pack''s credits');
select tests.assert_fails(format($$select public.create_payment_order(%L, 'gold', 'demo')$$, (select buyer from ids)), 'P0002', 'unknown packs are refused');

-- Another user cannot settle it; a wrong amount or currency credits nothing.
select tests.assert_fails(format($$select public.complete_payment_order('demo', %L, 'demo:x', 'COMPLETED', 2000, 'EUR', %L)$$, (select j ->> 'providerOrderId' from o1), (select other from ids)), '42501', 'another user''s order');
select tests.assert_equal(
  (select public.complete_payment_order('demo', (select j ->> 'providerOrderId' from o1), 'cap-A', 'COMPLETED', 2000, 'EUR', (select buyer from ids)) ->> 'credited'),
  'true', 'the owner''s completed capture credits');
select tests.assert_equal(
  (select public.complete_payment_order('demo', (select j ->> 'providerOrderId' from o1), 'cap-A', 'COMPLETED', 2000, 'EUR', null) ->> 'credited'),
  'false', 'the same capture again credits nothing');
select tests.assert_fails(format($$select public.complete_payment_order('demo', %L, 'cap-B', 'COMPLETED', 2000, 'EUR', null)$$, (select j ->> 'providerOrderId' from o1)), '23505', 'a second capture id for one order is a conflict');
reset role;
select tests.assert_equal((select credits from public.profiles where id = (select buyer from ids)), 12000, 'credited exactly once');
select tests.assert_equal((select count(*) from public.credit_ledger where user_id = (select buyer from ids) and reason = 'purchase')::int, 1, 'one purchase row');

set local role service_role;
create temp table o2 as select public.create_payment_order((select buyer from ids), 'starter', 'paypal') as j;
select public.attach_provider_order((select (j ->> 'id')::uuid from o2), 'PP-ORDER-2');
select tests.assert_equal(
  (select public.complete_payment_order('paypal', 'PP-ORDER-2', 'cap-C', 'COMPLETED', 1, 'EUR', null) ->> 'status'),
  'review', 'a tampered amount goes to review');
create temp table o3 as select public.create_payment_order((select buyer from ids), 'starter', 'paypal') as j;
select public.attach_provider_order((select (j ->> 'id')::uuid from o3), 'PP-ORDER-3');
select tests.assert_equal(
  (select public.complete_payment_order('paypal', 'PP-ORDER-3', 'cap-D', 'COMPLETED', 1300, 'USD', null) ->> 'status'),
  'review', 'a tampered currency goes to review');
-- PENDING grants nothing; the later COMPLETED does.
create temp table o4 as select public.create_payment_order((select buyer from ids), 'starter', 'paypal') as j;
select public.attach_provider_order((select (j ->> 'id')::uuid from o4), 'PP-ORDER-4');
select tests.assert_equal(
  (select public.complete_payment_order('paypal', 'PP-ORDER-4', 'cap-E', 'PENDING', 1300, 'EUR', null) ->> 'status'),
  'pending', 'a pending capture waits');
reset role;
select tests.assert_equal((select credits from public.profiles where id = (select buyer from ids)), 12000, 'review and pending orders credit nothing');
set local role service_role;
select tests.assert_equal(
  (select public.complete_payment_order('paypal', 'PP-ORDER-4', 'cap-E', 'COMPLETED', 1300, 'EUR', null) ->> 'balance')::int,
  17600, 'the completed webhook credits the pending order');

-- A refund takes the credits back once, with a compensating row; spent credits are not taken below zero.
select tests.assert_equal((select (public.reverse_payment_order('cap-E', 'refunded') ->> 'balance')::int), 12000, 'a refund takes the pack back');
select tests.assert_equal((select public.reverse_payment_order('cap-E', 'refunded') ->> 'status'), 'refunded', 'twice is a no-op');
select public.apply_credit_change((select buyer from ids), -11950, 'generation', 'generation:spent');
select tests.assert_equal((select (public.reverse_payment_order('cap-A', 'reversed') ->> 'balance')::int), 0, 'a reversal takes what is left');
reset role;
select tests.assert_equal((select reversed_credits from public.payment_orders where capture_id = 'cap-A'), 50, 'and records how much it took');
select tests.assert_equal((select count(*) from public.credit_ledger where user_id = (select buyer from ids) and reason = 'reversal')::int, 2, 'one reversal row per refund');
select tests.assert_equal((select credits from public.profiles where id = (select buyer from ids)), (select sum(delta)::int from public.credit_ledger where user_id = (select buyer from ids)), 'balance equals the ledger sum');

-- Users read only their own orders.
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.payment_orders)::int, 0, 'another user sees none of the buyer''s orders');
reset role;
select tests.authenticate_as((select buyer from ids));
select tests.assert_equal((select count(*) from public.payment_orders)::int, 4, 'the buyer sees their four orders');
reset role;

-- Webhook events are recorded once.
set local role service_role;
select tests.assert_equal(public.record_payment_event('WH-1', 'paypal', 'PAYMENT.CAPTURE.COMPLETED', 'cap-X'), true, 'a new event');
select tests.assert_equal(public.record_payment_event('WH-1', 'paypal', 'PAYMENT.CAPTURE.COMPLETED', 'cap-X'), false, 'a replayed event');
reset role;
