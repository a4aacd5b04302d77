-- Generation backends: admin-only, audited settings; each new generation takes the backend, fallback and
-- face target of its moment; the worker's provider functions are fenced; per-backend figures for admins.
-- The api calls these as the service role: it records uploads with tests.upload() too.
grant usage on schema tests to service_role;
grant execute on all functions in schema tests to service_role;
create temp table ids as
select tests.create_user('Member') as member, tests.create_user('Boss', true) as boss;
grant select on ids to anon, authenticated, service_role;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated, service_role;
update public.profiles set is_admin = false where is_admin and id <> (select boss from ids);

-- Members can neither change nor audit the backend settings.
select tests.authenticate_as((select member from ids));
update public.settings set value = '"meshy"' where key = 'generation.backend.app';
select tests.assert_equal((select count(*)::int from public.settings where key like 'generation.backend.%'), 0,
  'members do not even see the private backend settings');
select tests.assert_equal((select count(*)::int from public.settings_changes), 0, 'members read no audit rows');
select tests.assert_fails($$select public.admin_backend_stats('month')$$, '42501', 'members get no backend figures');
select tests.assert_fails($$select public.generation_provider_task(gen_random_uuid(), 'w', 'meshy', 't')$$, '42501',
  'members cannot record provider tasks');
reset role;
select tests.assert_equal((select value from public.settings where key = 'generation.backend.app'), '"default"'::jsonb,
  'the member''s update changed nothing');

-- Admins change them within their words and ranges; every change is audited with its author.
select tests.authenticate_as((select boss from ids));
update public.settings set value = '"meshy"' where key = 'generation.backend.app';
update public.settings set value = '"refund"' where key = 'generation.fallback';
update public.settings set value = '8000' where key = 'generation.provider_faces.low';
select tests.assert_fails($$update public.settings set value = '"blender"' where key = 'generation.backend.app66'$$,
  '22023', 'unknown backends are refused');
select tests.assert_fails($$update public.settings set value = 'true' where key = 'generation.fallback'$$,
  '22023', 'the fallback is a word');
select tests.assert_fails($$update public.settings set value = '50' where key = 'generation.provider_faces.high'$$,
  '22023', 'face targets below 100 are refused');
select tests.assert_equal(
  (select (old_value, new_value, changed_by)::text from public.settings_changes
    where key = 'generation.backend.app' order by id desc limit 1),
  format('("""default""","""meshy""",%s)', (select boss from ids)), 'the change is audited with its author');
select tests.assert_equal((select count(*)::int from public.settings_changes
                            where key in ('generation.backend.app', 'generation.fallback', 'generation.provider_faces.low')),
  3, 'one audit row per accepted change, none for refused ones');
select tests.assert_fails($$delete from public.settings_changes$$, '42501', 'the audit cannot be erased');
reset role;

-- A new paid generation takes the /app backend, the fallback and the low face target of now.
select public.apply_credit_change((select member from ids), 200, 'purchase', 'test:member');
select tests.authenticate_as((select member from ids));
insert into made select 'paid', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
reset role;
select tests.assert_equal(
  (select (backend, fallback, provider_faces)::text from public.generations where id = (select id from made where name = 'paid')),
  '(meshy,refund,8000)', 'the paid generation records meshy, refund and 8000 faces');

-- A free one takes the /app66 backend: still the server default (null until a worker claims it).
select tests.authenticate_as((select member from ids));
set local role service_role;
insert into made select 'free', (public.create_free_generation('glb', tests.upload(), 'image/png', 10, null, repeat('c', 64))).id;
reset role;
select tests.assert_equal((select backend is null from public.generations where id = (select id from made where name = 'free')),
  true, 'the free generation leaves the backend to the worker default');

-- Changing the setting later does not touch generations already made.
update public.settings set value = '"tripo"' where key = 'generation.backend.app';
select tests.assert_equal((select backend from public.generations where id = (select id from made where name = 'paid')),
  'meshy', 'existing generations keep their backend');

-- The worker (its database user): fenced, and the first task id stays (a resumed attempt polls the same task).
select public.generation_start((select id from made where name = 'free'), 'worker-a', 1);
select tests.assert_equal(public.generation_provider_task((select id from made where name = 'free'), 'worker-b', 'fal', 'req-x') is null,
  true, 'another worker records nothing');
select tests.assert_equal((public.generation_provider_task((select id from made where name = 'free'), 'worker-a', 'fal', null)).backend,
  'fal', 'the worker records its default backend when none was chosen');
select tests.assert_equal((public.generation_provider_task((select id from made where name = 'free'), 'worker-a', 'fal', 'req-1')).provider_task_id,
  'req-1', 'the task id is stored');
select tests.assert_equal((public.generation_provider_task((select id from made where name = 'free'), 'worker-a', 'fal', 'req-2')).provider_task_id,
  'req-1', 'a second task id never replaces the first');
select tests.assert_equal(public.generation_provider_done((select id from made where name = 'free'), 'worker-a', 4200, 0.25, false),
  true, 'time and cost are recorded');
select tests.assert_equal(public.generation_complete((select id from made where name = 'free'), 'worker-a', '{}'::jsonb), true, 'completed');

-- Admin figures per backend.
select tests.authenticate_as((select boss from ids));
select tests.assert_equal(
  (select (e->>'conversions', e->>'completed', e->>'medianProviderSeconds', e->>'providerCost')::text
     from jsonb_array_elements(public.admin_backend_stats('month')) e where e->>'backend' = 'fal'),
  '(1,1,4.2,0.2500)', 'fal: one conversion, completed, 4.2 s at the provider, cost 0.25');
select tests.assert_equal(
  (select e->>'conversions' from jsonb_array_elements(public.admin_backend_stats('all')) e where e->>'backend' = 'meshy'),
  '1', 'meshy: the paid generation, still queued');
select tests.assert_fails($$select public.admin_backend_stats('decade')$$, '22023', 'unknown periods are refused');
reset role;
