-- The mark a worker sets before asking a hosted service for a task: fenced to the worker holding the
-- generation, granted once, and refused to every later attempt unless the task id was stored.
create temp table ids as select tests.create_user('Member') as member;
grant select on ids to anon, authenticated, service_role;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated, service_role;
select public.apply_credit_change((select member from ids), 200, 'purchase', 'test:member');
select tests.authenticate_as((select member from ids));
insert into made select 'lost', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
insert into made select 'stored', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
select tests.assert_fails($$select public.generation_provider_submitting((select id from made where name = 'lost'), 'w', 'meshy')$$,
  '42501', 'members cannot mark a submission');
reset role;

select public.generation_start((select id from made where name = 'lost'), 'worker-a', 1);
select tests.assert_equal(public.generation_provider_submitting((select id from made where name = 'lost'), 'worker-b', 'meshy') is null,
  true, 'a worker that does not hold the generation marks nothing');
select tests.assert_equal(public.generation_provider_submitting((select id from made where name = 'lost'), 'worker-a', 'meshy'),
  true, 'the first ask is allowed');
select tests.assert_equal((select (backend, provider_submitting_at is not null)::text from public.generations
                            where id = (select id from made where name = 'lost')),
  '(meshy,t)', 'the mark and the backend are stored');
-- The worker dies before storing the task id; the next attempt (another worker) must not ask again.
update public.generations set status = 'queued', worker_id = null where id = (select id from made where name = 'lost');
select public.generation_start((select id from made where name = 'lost'), 'worker-c', 2);
select tests.assert_equal(public.generation_provider_submitting((select id from made where name = 'lost'), 'worker-c', 'meshy'),
  false, 'an attempt after a lost answer does not ask for a second task');

-- With the task id stored, a resumed attempt polls it and has no reason to ask either.
select public.generation_start((select id from made where name = 'stored'), 'worker-a', 1);
select public.generation_provider_submitting((select id from made where name = 'stored'), 'worker-a', 'tripo');
select public.generation_provider_task((select id from made where name = 'stored'), 'worker-a', 'tripo', 'task-1');
select tests.assert_equal(public.generation_provider_submitting((select id from made where name = 'stored'), 'worker-a', 'tripo'),
  false, 'a generation with a task never asks for another');
