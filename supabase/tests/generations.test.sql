-- Who can create, read and change generations, and how credits move with them.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated;

-- Under 50 credits: refused with 402 and nothing is written.
select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)$$,
  'P0402', 'no generation without 50 credits');
select tests.assert_equal((select count(*) from public.generations)::int, 0, 'the refused generation left no row');
reset role;

select public.apply_credit_change((select owner from ids), 120, 'purchase', 'test:owner-credits');

-- A generation costs 50 credits, charged once in the ledger with its id as reference.
select tests.authenticate_as((select owner from ids));
insert into made select 'first', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10, 'key-1')).id;
select tests.assert_equal((select status from public.generations where id = (select id from made where name = 'first')), 'queued', 'a new generation is queued');
select tests.assert_equal((select cost from public.generations where id = (select id from made where name = 'first')), 50, 'it records its cost');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 70, '50 credits were spent');

-- The same Idempotency-Key returns the same generation and charges nothing more.
select tests.assert_equal(
  (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10, 'key-1')).id,
  (select id from made where name = 'first'), 'a repeated key returns the first generation');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 70, 'no second charge');
select tests.assert_equal((select count(*) from public.generations)::int, 1, 'still one generation');
select tests.assert_equal((select count(*) from public.credit_ledger where reason = 'generation')::int, 1, 'one charge in the ledger');
select tests.assert_fails($$select public.create_generation('model', 'dae', 'low', tests.upload(), 'image/png', 10)$$,
  '22023', 'unknown formats are refused');
select tests.assert_fails($$select public.create_generation('movie', 'glb', 'low', tests.upload(), 'image/png', 10)$$,
  '22023', 'unknown kinds are refused');

-- Nobody writes the table directly, not even its owner.
select tests.assert_fails($$insert into public.generations (user_id, kind, format, topology, cost, input_key)
  values (auth.uid(), 'model', 'glb', 'low', 0, 'x')$$, '42501', 'owner cannot insert generations');
select tests.assert_fails($$update public.generations set status = 'completed'$$, '42501', 'owner cannot update generations');
select tests.assert_fails($$delete from public.generations$$, '42501', 'owner cannot delete rows directly');
-- ...nor calls the worker's functions.
select tests.assert_fails(format($$select public.generation_fail(%L, null, 'x')$$, (select id from made where name = 'first')),
  '42501', 'owner cannot fail (and refund) a generation');
select tests.assert_fails(format($$select public.generation_complete(%L, 'w', '{}')$$, (select id from made where name = 'first')),
  '42501', 'owner cannot complete a generation');
select tests.assert_fails($$select public.reap_stale_generations(1)$$, '42501', 'owner cannot run the reaper');
-- Deleting a running conversion is refused.
select tests.assert_fails(format($$select public.delete_generation(%L)$$, (select id from made where name = 'first')),
  '23505', 'a running conversion cannot be deleted');
reset role;

-- Another user sees nothing and cannot delete it; anonymous callers cannot read the table at all.
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.generations)::int, 0, 'another user sees no generations');
select tests.assert_fails(format($$select public.delete_generation(%L)$$, (select id from made where name = 'first')),
  'P0002', 'another user cannot delete it');
reset role;
select tests.authenticate_anon();
select tests.assert_fails('select count(*) from public.generations', '42501', 'anon cannot read generations');
select tests.assert_fails($$select public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)$$,
  '42501', 'anon cannot create generations');
reset role;
-- Admins read every generation.
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.generations where user_id = (select owner from ids))::int, 1, 'admin reads the owner''s generation');
reset role;

-- The in-flight limit (setting generation.max_in_flight) answers 429 with a clear message.
update public.settings set value = '1' where key = 'generation.max_in_flight';
select tests.authenticate_as((select owner from ids));
do $$
begin
  perform public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10, 'key-2');
  raise exception 'FAILED: the in-flight limit let a second conversion through';
exception when sqlstate 'P0429' then
  if sqlerrm <> 'You already have 1 conversions running. Please wait for one to finish.' then
    raise exception 'FAILED: unexpected 429 message: %', sqlerrm;
  end if;
end $$;
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 70, 'the refused conversion charged nothing');
reset role;
update public.settings set value = '3' where key = 'generation.max_in_flight';

-- Worker side: start fences the row to one worker; others cannot write it.
select tests.assert_equal((public.generation_start((select id from made where name = 'first'), 'worker-a', 1)).status,
  'processing', 'start claims the generation');
select tests.assert_equal(public.generation_progress((select id from made where name = 'first'), 'worker-a', 'geometry', 0.5::real),
  true, 'the claiming worker writes progress');
select tests.assert_equal(public.generation_progress((select id from made where name = 'first'), 'worker-b', 'geometry', 0.9::real),
  false, 'another worker cannot write progress');
select tests.assert_equal(public.generation_complete((select id from made where name = 'first'), 'worker-b', '{}'),
  false, 'another worker cannot complete it');
select tests.assert_equal((select progress from public.generations where id = (select id from made where name = 'first')),
  0.5::real, 'progress is as the claiming worker wrote it');
-- Progress never goes backwards: a lower write (a late one, a step counting again from 0) keeps the bar.
select tests.assert_equal(public.generation_progress((select id from made where name = 'first'), 'worker-a', 'starting', 0::real),
  true, 'a lower write is still a heartbeat of the claiming worker');
select tests.assert_equal((select stage || '/' || progress::text from public.generations where id = (select id from made where name = 'first')),
  'starting/0.5', 'a lower write moves the stage but not the progress');
select tests.assert_equal(public.generation_progress((select id from made where name = 'first'), 'worker-a', null, null),
  true, 'a bare heartbeat is accepted');
select tests.assert_equal((select stage || '/' || progress::text from public.generations where id = (select id from made where name = 'first')),
  'starting/0.5', 'a bare heartbeat changes neither');
select tests.assert_equal(public.generation_progress((select id from made where name = 'first'), 'worker-a', 'render', 0.75::real),
  true, 'a higher write is accepted');
select tests.assert_equal((select stage || '/' || progress::text from public.generations where id = (select id from made where name = 'first')),
  'render/0.75', 'a higher write moves both');

-- Failure refunds exactly once, however often it is reported.
select tests.assert_equal(public.generation_fail((select id from made where name = 'first'), 'worker-a', 'engine: no subject found'),
  true, 'the first failure is recorded');
select tests.assert_equal(public.generation_fail((select id from made where name = 'first'), null, 'again'),
  false, 'a second failure changes nothing');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 120, 'the 50 credits came back');
select tests.assert_equal((select count(*) from public.credit_ledger where reason = 'refund' and user_id = (select owner from ids))::int,
  1, 'one refund in the ledger');
select tests.assert_equal((select error from public.generations where id = (select id from made where name = 'first')),
  'engine: no subject found', 'the reason is kept');
select tests.assert_equal(public.generation_complete((select id from made where name = 'first'), 'worker-a', '{}'),
  false, 'a failed generation cannot complete later');
select tests.assert_equal((public.generation_start((select id from made where name = 'first'), 'worker-a', 2)) is null,
  true, 'a finished generation is not started again');

-- A completed generation charges once and refunds nothing; its owner may delete it from the history.
select tests.authenticate_as((select owner from ids));
insert into made select 'second', (public.create_generation('video', 'stl', 'high', tests.upload(null, 'uploads/e'), 'image/png', 10)).id;
reset role;
select public.generation_start((select id from made where name = 'second'), 'worker-a', 1);
select tests.assert_equal(public.generation_complete((select id from made where name = 'second'), 'worker-a',
  jsonb_build_object('glb', jsonb_build_object('key', 'generations/' || (select id from made where name = 'second') || '/model.glb'))),
  true, 'the claiming worker completes it');
select tests.assert_equal(public.generation_fail((select id from made where name = 'second'), null, 'late'),
  false, 'a completed generation cannot fail afterwards');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 70, 'a completed generation keeps its charge');
select tests.authenticate_as((select owner from ids));
select tests.assert_equal(public.delete_generation((select id from made where name = 'second')),
  jsonb_build_object('input', 'uploads/e', 'views', '[]'::jsonb, 'outputs',
    jsonb_build_array('generations/' || (select id from made where name = 'second') || '/model.glb')),
  'delete returns the files to remove');
select tests.assert_equal((select count(*) from public.generations where id = (select id from made where name = 'second'))::int,
  0, 'a deleted generation disappears from the history');
reset role;
