-- Idempotency fingerprints, the admin grant's key and cancel, as each role.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated;

select public.apply_credit_change((select owner from ids), 200, 'purchase', 'test:owner-credits');

-- A key replayed with the same fingerprint returns the first generation; another fingerprint is refused.
select tests.authenticate_as((select owner from ids));
insert into made select 'keyed', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10, 'one:k', 'hash-a')).id;
select tests.assert_equal(
  (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10, 'one:k', 'hash-a')).id,
  (select id from made where name = 'keyed'), 'the same request replays');
select tests.assert_fails($$select public.create_generation('model', 'glb', 'high', tests.upload(), 'image/png', 10, 'one:k', 'hash-b')$$,
  'P0422', 'the same key with other parameters is refused');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 150, 'one charge');

-- Cancel: the owner, once; the refund is one ledger row.
select tests.assert_equal((public.cancel_generation((select id from made where name = 'keyed'))).status, 'failed', 'the owner cancels');
select tests.assert_fails($$select public.cancel_generation((select id from made where name = 'keyed'))$$,
  '23505', 'a second cancel finds it finished');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 200, 'refunded');
select tests.assert_equal((select count(*) from public.credit_ledger where reason = 'refund')::int, 1, 'exactly one refund');
insert into made select 'second', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
reset role;

-- Another user cannot cancel it (it looks absent); anon cannot call it at all; an admin can.
select tests.authenticate_as((select other from ids));
select tests.assert_fails($$select public.cancel_generation((select id from made where name = 'second'))$$,
  'P0002', 'another user cannot cancel');
reset role;
select tests.authenticate_anon();
select tests.assert_fails($$select public.cancel_generation((select id from made where name = 'second'))$$,
  '42501', 'anon cannot cancel');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((public.cancel_generation((select id from made where name = 'second'))).error,
  'Cancelled by an administrator. Your credits have been refunded.', 'an admin cancels anyone''s');
reset role;
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 200, 'refunded again, once');

-- The admin grant with a key: applied once; the key for another amount or user is refused; members cannot grant.
select tests.authenticate_as((select admin from ids));
select public.admin_grant_credits((select other from ids), 70, 'g-1');
select public.admin_grant_credits((select other from ids), 70, 'g-1');
select tests.assert_fails($$select public.admin_grant_credits((select other from ids), 71, 'g-1')$$, 'P0422', 'another amount');
select tests.assert_fails($$select public.admin_grant_credits((select owner from ids), 70, 'g-1')$$, 'P0422', 'another user');
reset role;
select tests.assert_equal((select credits from public.profiles where id = (select other from ids)), 70, 'granted once');
select tests.authenticate_as((select other from ids));
select tests.assert_fails($$select public.admin_grant_credits((select other from ids), 70, 'g-2')$$, '42501', 'members cannot grant');
reset role;
