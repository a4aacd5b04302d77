-- Worker heartbeats and service_health(): who may write and read them, and what health reports.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated;

-- No worker yet: none live, nothing queued.
select tests.assert_equal((public.service_health(30) #>> '{workers,live}')::int, 0, 'no live worker before any heartbeat');
select tests.assert_equal((public.service_health(30) #>> '{queue,depth}')::int, 0, 'empty queue');

-- The worker's own functions: a heartbeat makes it live, a second one updates the same row.
select public.worker_heartbeat('host-a:1', 'host-a', 1, 2, 0);
select public.worker_heartbeat('host-a:1', 'host-a', 1, 2, 1);
select tests.assert_equal((select count(*) from public.worker_heartbeats)::int, 1, 'one row per worker');
select tests.assert_equal((public.service_health(30) #>> '{workers,live}')::int, 1, 'a heartbeating worker is live');
select tests.assert_equal((public.service_health(30) #>> '{workers,busy}')::int, 1, 'its running job is counted');

-- A worker silent for longer than the window is not live; a stopping one is not either.
update public.worker_heartbeats set seen_at = now() - interval '31 seconds';
select tests.assert_equal((public.service_health(30) #>> '{workers,live}')::int, 0, 'a silent worker is not live');
select tests.assert_equal((public.service_health(30) #>> '{workers,lastHeartbeatAgeSeconds}')::numeric >= 31, true,
  'the last heartbeat age is reported');
select public.worker_heartbeat('host-a:1', 'host-a', 1, 2, 0, true);
select tests.assert_equal((public.service_health(30) #>> '{workers,live}')::int, 0, 'a stopping worker takes no jobs');
select public.worker_stopped('host-a:1');
select tests.assert_equal((select count(*) from public.worker_heartbeats)::int, 0, 'a clean stop removes the row');

-- Rows silent for a day are dropped by the next heartbeat of any worker.
select public.worker_heartbeat('old:1', 'old', 1, 1, 0);
update public.worker_heartbeats set seen_at = now() - interval '2 days';
select public.worker_heartbeat('new:1', 'new', 2, 1, 0);
select tests.assert_equal((select string_agg(worker_id, ',') from public.worker_heartbeats), 'new:1', 'a long-dead worker is pruned');

-- The queue: depth and the age of the oldest waiting generation.
select public.apply_credit_change((select owner from ids), 100, 'purchase', 'test:health');
select tests.authenticate_as((select owner from ids));
select public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10);
reset role;
update public.generations set created_at = now() - interval '42 seconds';
select tests.assert_equal((public.service_health(30) #>> '{queue,depth}')::int, 1, 'a queued generation is counted');
select tests.assert_equal((public.service_health(30) #>> '{queue,oldestWaitSeconds}')::numeric between 42 and 60, true,
  'the oldest wait is reported in seconds');

-- API roles: no heartbeat writes, no health function, no direct table writes; only admins read the rows.
select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select public.worker_heartbeat('x', 'x', 1, 1, 0)$$, '42501', 'users cannot fake a worker');
select tests.assert_fails($$select public.worker_stopped('new:1')$$, '42501', 'users cannot remove a worker');
select tests.assert_fails($$select public.service_health(30)$$, '42501', 'users do not call service_health directly');
select tests.assert_fails($$insert into public.worker_heartbeats (worker_id) values ('x')$$, '42501', 'users cannot insert heartbeats');
select tests.assert_equal((select count(*) from public.worker_heartbeats)::int, 0, 'users see no worker rows');
reset role;
select tests.authenticate_anon();
select tests.assert_fails($$select public.worker_heartbeat('x', 'x', 1, 1, 0)$$, '42501', 'anon cannot fake a worker');
select tests.assert_fails($$select count(*) from public.worker_heartbeats$$, '42501', 'anon cannot read worker rows');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.worker_heartbeats)::int, 1, 'admins read worker rows');
select tests.assert_fails($$delete from public.worker_heartbeats$$, '42501', 'admins do not write worker rows either');
reset role;

-- Backend keys: each worker reports the names of the hosted backends it has a key for; nobody else may.
select public.worker_heartbeat('keys:1', 'keys', 1, 1, 0);
select public.worker_backends('keys:1', array['meshy', 'fal', 'meshy', '']);
select tests.assert_equal((select backends from public.worker_heartbeats where worker_id = 'keys:1')::text,
  '{fal,meshy}', 'a worker records its backends, deduplicated');
select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select public.worker_backends('keys:1', array['tripo'])$$, '42501', 'users cannot claim keys for a worker');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_fails($$select public.worker_backends('keys:1', array['tripo'])$$, '42501', 'admins cannot either');
reset role;
select tests.authenticate_anon();
select tests.assert_fails($$select public.worker_backends('keys:1', array['tripo'])$$, '42501', 'nor can anon');
reset role;
select tests.assert_equal((select backends from public.worker_heartbeats where worker_id = 'keys:1')::text,
  '{fal,meshy}', 'unchanged by the refused calls');
