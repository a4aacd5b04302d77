-- A task found again by listing the service's tasks is adopted only when it can be no one else's: never a
-- task another generation holds (that would hand one user another's model), never a guess among several,
-- never while another generation's ask in the same window could own it; members and visitors cannot call it.
create temp table ids as select tests.create_user('Member') as member, tests.create_user('Other') as other;
grant select on ids to anon, authenticated, service_role;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated, service_role;
select public.apply_credit_change((select member from ids), 200, 'purchase', 'test:member');
select public.apply_credit_change((select other from ids), 200, 'purchase', 'test:other');
select tests.authenticate_as((select member from ids));
insert into made select 'lost', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
select tests.assert_fails($$select * from public.generation_provider_adopt((select id from made where name = 'lost'), 'w', 'meshy', '{t}', now())$$,
  '42501', 'members cannot adopt a task');
reset role;
set local role anon;
select tests.assert_fails($$select * from public.generation_provider_adopt(gen_random_uuid(), 'w', 'meshy', '{t}', now())$$,
  '42501', 'visitors cannot adopt a task');
reset role;
select tests.authenticate_as((select other from ids));
insert into made select 'others', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
reset role;

-- The other user's generation holds task-b.
select public.generation_start((select id from made where name = 'others'), 'worker-b', 1);
select public.generation_provider_submitting((select id from made where name = 'others'), 'worker-b', 'meshy');
select public.generation_provider_task((select id from made where name = 'others'), 'worker-b', 'meshy', 'image-to-3d/task-b');

select public.generation_start((select id from made where name = 'lost'), 'worker-a', 1);
select public.generation_provider_submitting((select id from made where name = 'lost'), 'worker-a', 'meshy');
select tests.assert_equal((select outcome from public.generation_provider_adopt((select id from made where name = 'lost'),
    'worker-x', 'meshy', '{image-to-3d/task-a}', now() - interval '1 minute')) is null,
  true, 'a worker that does not hold the generation adopts nothing');
select tests.assert_equal((select outcome || ':' || coalesce(task_id, '-') from public.generation_provider_adopt(
    (select id from made where name = 'lost'), 'worker-a', 'meshy', '{image-to-3d/task-b}', now() - interval '1 minute')),
  'none:-', 'a task another generation holds is never adopted');
select tests.assert_equal((select outcome from public.generation_provider_adopt((select id from made where name = 'lost'),
    'worker-a', 'meshy', '{image-to-3d/task-a,image-to-3d/task-c}', now() - interval '1 minute')),
  'ambiguous', 'two unheld tasks: no guess');

-- A third generation asked in the same window and has no task yet: the one found could be its task.
select tests.authenticate_as((select other from ids));
insert into made select 'racing', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
reset role;
select public.generation_start((select id from made where name = 'racing'), 'worker-c', 1);
select public.generation_provider_submitting((select id from made where name = 'racing'), 'worker-c', 'meshy');
select tests.assert_equal((select outcome from public.generation_provider_adopt((select id from made where name = 'lost'),
    'worker-a', 'meshy', '{image-to-3d/task-a,image-to-3d/task-b}', now() - interval '1 minute')),
  'ambiguous', 'another ask in flight in the window: no guess');
-- Outside the window (it asked before ours), it cannot own a task made after our ask.
select tests.assert_equal((select outcome || ':' || task_id from public.generation_provider_adopt((select id from made where name = 'lost'),
    'worker-a', 'meshy', '{image-to-3d/task-a,image-to-3d/task-b}', now() + interval '1 second')),
  'adopted:image-to-3d/task-a', 'the one unheld task of the window is adopted');
select tests.assert_equal((select provider_task_id from public.generations where id = (select id from made where name = 'lost')),
  'image-to-3d/task-a', 'and stored on the generation');

-- The same task can never be stored on a second generation, whichever function tries.
select tests.assert_fails($$select public.generation_provider_task((select id from made where name = 'racing'), 'worker-c', 'meshy', 'image-to-3d/task-a')$$,
  '23505', 'one task, one generation');
