-- Why a provider failed a conversion: written only by the worker (service role) through the fenced
-- generation_provider_done, read only by admins; the owner, another member and anon see nothing.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Boss', true) as boss;
grant select on ids to anon, authenticated, service_role;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated, service_role;

select tests.authenticate_as((select owner from ids));
create temp table upload_key as select tests.upload() as key;
grant select on upload_key to service_role;
set local role service_role;
insert into made select 'free',
  (public.create_free_generation('glb', (select key from upload_key), 'image/png', 10, null, repeat('d', 64))).id;
reset role;

-- The worker holding the generation records the provider's words; another worker records nothing.
select public.generation_start((select id from made), 'worker-a', 1);
select public.generation_provider_task((select id from made), 'worker-a', 'tripo', 'task-1');
select tests.assert_equal(
  public.generation_provider_done((select id from made), 'worker-b', 10, null, false, 'tripo: someone else'),
  false, 'a worker that does not hold the generation records nothing');
select tests.assert_equal(
  public.generation_provider_done((select id from made), 'worker-a', 1500, 0.4, false,
    'tripo: the task failed: the task ended failed: error_code 1001'),
  true, 'the holding worker records time, cost and the reason');
select tests.assert_equal((select count(*)::int from public.generation_provider_failures), 1, 'one reason, the holder''s');
select tests.assert_equal(
  public.generation_provider_done((select id from made), 'worker-a', 1500, 0.4, false, repeat('x', 900)),
  true, 'a long reason is accepted');
select tests.assert_equal((select char_length(reason) from public.generation_provider_failures), 500,
  'and cut to 500 characters, still one row');
select public.generation_provider_done((select id from made), 'worker-a', 1500, 0.4, false,
  'tripo: the account needs credits (code 2010)');

-- Members (the owner included) neither read the reasons nor write them.
select tests.authenticate_as((select owner from ids));
select tests.assert_equal((select count(*)::int from public.generation_provider_failures), 0,
  'the owner does not read the provider''s reason');
select tests.assert_fails($$insert into public.generation_provider_failures (generation_id, backend, reason)
  values ((select id from made), 'tripo', 'x')$$, '42501', 'the owner cannot write one');
select tests.assert_fails($$select public.generation_provider_done((select id from made), 'worker-a', 1, null, false, 'x')$$,
  '42501', 'members cannot call the worker''s function');
reset role;
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*)::int from public.generation_provider_failures), 0,
  'another member reads nothing');
reset role;
select tests.authenticate_anon();
select tests.assert_fails($$select count(*) from public.generation_provider_failures$$, '42501',
  'anon has no access at all');
reset role;

-- Admins read it, per conversion and as the backend's most frequent reasons.
select tests.authenticate_as((select boss from ids));
select tests.assert_equal((select reason from public.generation_provider_failures where generation_id = (select id from made)),
  'tripo: the account needs credits (code 2010)', 'the admin reads the latest reason');
select tests.assert_equal(
  (select (e->'failureReasons')::text from jsonb_array_elements(public.admin_backend_stats('month')) e
    where e->>'backend' = 'tripo'),
  '[{"count": 1, "reason": "tripo: the account needs credits (code 2010)"}]',
  'the dashboard lists the period''s reasons per backend');
select tests.assert_fails($$delete from public.generation_provider_failures$$, '42501', 'not even admins erase them');
reset role;
