-- A stopping worker hands its generation back: only the attempt holding it may, nothing is charged or
-- refunded, and the API roles cannot call it.
create temp table ids as select tests.create_user('Owner') as owner;
grant select on ids to anon, authenticated;
create temp table made (id uuid);
grant select, insert on made to authenticated;

select public.apply_credit_change((select owner from ids), 100, 'purchase', 'test:hand-back');
select tests.authenticate_as((select owner from ids));
insert into made select (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
reset role;

select public.generation_start((select id from made), 'pool:1:1', 1);
select public.generation_progress((select id from made), 'pool:1:1', 'geometry', 0.4);

select tests.assert_equal(public.generation_hand_back((select id from made), 'pool:2:1'), false,
  'another attempt cannot hand it back');
select tests.assert_equal((select status from public.generations where id = (select id from made)), 'processing',
  'still processing after a refused hand-back');

select tests.assert_equal(public.generation_hand_back((select id from made), 'pool:1:1'), true,
  'the holding attempt hands it back');
select tests.assert_equal((select status || '/' || stage || '/' || progress::text || '/' || coalesce(worker_id, '-')
  from public.generations where id = (select id from made)), 'queued/retrying/0/-', 'queued again, shown as retrying');
select tests.assert_equal(public.generation_progress((select id from made), 'pool:1:1', 'export', 0.8), false,
  'the old attempt can no longer write progress');
select tests.assert_equal(public.generation_hand_back((select id from made), 'pool:1:1'), false,
  'a second hand-back does nothing');
select tests.assert_equal((select count(*) from public.credit_ledger where user_id = (select owner from ids))::int, 2,
  'one purchase, one charge, no refund');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 50, 'balance unchanged');

-- The next attempt takes it and completes it.
select public.generation_start((select id from made), 'pool:3:1', 1);
select tests.assert_equal(public.generation_complete((select id from made), 'pool:3:1', '{}'::jsonb), true,
  'a new attempt completes it');

select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select public.generation_hand_back((select id from made), 'pool:3:1')$$, '42501',
  'users cannot hand back generations');
reset role;
