-- Every storage key a SQL function accepts is proven the caller's in SQL: an upload recorded for them (a
-- direct upload in their own folder, or an image the api stored from their multipart body), not yet used.
-- Checked as anon, the owner, another user, an admin and the service role, calling the functions the way
-- the Data API would. Deleting a generation names only the objects it owns.
grant usage on schema tests to service_role;
grant execute on all functions in schema tests to service_role;
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated, service_role;
create temp table k (name text primary key, key text);
grant select, insert on k to anon, authenticated, service_role;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated, service_role;
grant select on made to anon;
select public.apply_credit_change(u, 500, 'purchase', 'test:keys-' || u)
  from (select owner from ids union all select other from ids union all select admin from ids) s(u);

-- The other user's stored photo (recorded for them by the api) and their direct upload.
insert into k values ('theirs', tests.upload((select other from ids)));
set local role service_role;
select set_config('request.jwt.claims', jsonb_build_object('sub', (select other from ids), 'role', 'authenticated')::text, true);
insert into k values ('their_direct', format('uploads/%s/%s.png', (select other from ids), gen_random_uuid()));
select public.issue_direct_upload((select key from k where name = 'their_direct'), 'paid', 'image/png', 10, 300);
reset role;
-- The other user's finished generation, with its result.
select tests.authenticate_as((select other from ids));
insert into made select 'theirs', (public.create_generation('model', 'stl', 'low', (select key from k where name = 'theirs'), 'image/png', 10)).id;
reset role;
select public.generation_start((select id from made where name = 'theirs'), 'worker-a', 1);
select public.generation_complete((select id from made where name = 'theirs'), 'worker-a',
  jsonb_build_object('stl', jsonb_build_object('key', 'generations/' || (select id from made where name = 'theirs') || '/model.stl')));
insert into k values ('their_result', 'generations/' || (select id from made where name = 'theirs') || '/model.stl');

-- The owner's own uploads: one from the api, one direct.
insert into k values ('mine', tests.upload((select owner from ids))), ('mine2', tests.upload((select owner from ids))),
  ('mine_view', tests.upload((select owner from ids)));
set local role service_role;
select set_config('request.jwt.claims', jsonb_build_object('sub', (select owner from ids), 'role', 'authenticated')::text, true);
insert into k values ('my_direct', format('uploads/%s/%s.png', (select owner from ids), gen_random_uuid()));
select public.issue_direct_upload((select key from k where name = 'my_direct'), 'paid', 'image/png', 10, 300);
reset role;

-- The owner (authenticated) cannot name anything that is not theirs: not another user's photo, direct
-- upload or result, not a key never recorded, not a folder that is not theirs.
select tests.authenticate_as((select owner from ids));
select tests.assert_fails(format($$select public.create_generation('model', 'glb', 'low', %L, 'image/png', 10)$$,
  (select key from k where name = n)), '22023', 'create_generation refuses ' || n)
  from unnest(array['theirs', 'their_direct', 'their_result']) n;
select tests.assert_fails($$select public.create_generation('model', 'glb', 'low', 'uploads/never-recorded.png', 'image/png', 10)$$,
  '22023', 'create_generation refuses a key never recorded');
select tests.assert_fails(format($$select public.create_generation('model', 'glb', 'low', %L, 'image/png', 10)$$,
  format('uploads/%s/%s.png', (select owner from ids), gen_random_uuid())), '22023',
  'create_generation refuses an unrecorded key even in the caller''s own folder');
select tests.assert_fails(format($$select public.create_generations('model', 'glb', 'low', %L)$$,
  jsonb_build_array(jsonb_build_object('key', (select key from k where name = 'mine')),
                    jsonb_build_object('key', (select key from k where name = 'theirs')))::text),
  '22023', 'create_generations refuses a batch with someone else''s key, as a whole');
select tests.assert_equal((select count(*) from public.generations)::int, 0, 'nothing was created');
select tests.assert_equal((select credits from public.profiles where id = auth.uid()), 500, 'nothing was charged');
-- Their own keys work, once.
insert into made select 'mine', (public.create_generation('model', 'glb', 'low', (select key from k where name = 'mine'), 'image/png', 10)).id;
insert into made select 'my_direct', g.id from public.create_generations('model', 'glb', 'low',
  jsonb_build_array(jsonb_build_object('key', (select key from k where name = 'my_direct')))) g;
select tests.assert_fails(format($$select public.create_generation('model', 'glb', 'low', %L, 'image/png', 10)$$,
  (select key from k where name = 'mine')), 'P0409', 'a used upload cannot feed a second generation');
-- Views: the same proof.
select tests.assert_fails(format($$select public.add_generation_view(%L, 'back', %L, 'image/png', 10)$$,
  (select id from made where name = 'mine'), (select key from k where name = n)), '22023', 'add_generation_view refuses ' || n)
  from unnest(array['theirs', 'their_direct', 'their_result']) n;
select tests.assert_fails(format($$select public.add_generation_view(%L, 'back', %L, 'image/png', 10)$$,
  (select id from made where name = 'mine'), (select key from k where name = 'my_direct')), 'P0409',
  'an upload that fed a generation cannot be a view too');
select public.add_generation_view((select id from made where name = 'mine'), 'back', (select key from k where name = 'mine_view'), 'image/png', 10);
select tests.assert_equal((select input_key from public.generation_views where generation_id = (select id from made where name = 'mine')),
  (select key from k where name = 'mine_view'), 'the owner''s own view is added');
-- Only the api records uploads.
select tests.assert_fails($$select public.record_api_uploads(array['uploads/x.png'], array['image/png'], array[1])$$,
  '42501', 'a signed-in user cannot record an upload');
reset role;

-- Another user cannot use the owner's keys (recorded, or even unused), nor add views to the owner's generation.
select tests.authenticate_as((select other from ids));
select tests.assert_fails(format($$select public.create_generation('model', 'glb', 'low', %L, 'image/png', 10)$$,
  (select key from k where name = 'mine2')), '22023', 'another user cannot use the owner''s upload');
select tests.assert_fails(format($$select public.add_generation_view(%L, 'left', %L, 'image/png', 10)$$,
  (select id from made where name = 'mine'), (select key from k where name = 'mine2')), 'P0002',
  'another user cannot add a view to the owner''s generation');
reset role;

-- An admin is no exception: their generations take their own uploads only.
select tests.authenticate_as((select admin from ids));
select tests.assert_fails(format($$select public.create_generation('model', 'glb', 'low', %L, 'image/png', 10)$$,
  (select key from k where name = 'mine2')), '22023', 'an admin cannot use a user''s upload');
reset role;

-- Anonymous callers: nothing.
select tests.authenticate_anon();
select tests.assert_fails(format($$select public.create_generation('model', 'glb', 'low', %L, 'image/png', 10)$$,
  (select key from k where name = 'mine2')), '42501', 'anon cannot create');
select tests.assert_fails(format($$select public.create_generations('model', 'glb', 'low', %L)$$,
  jsonb_build_array(jsonb_build_object('key', (select key from k where name = 'mine2')))::text), '42501', 'anon cannot create a batch');
select tests.assert_fails(format($$select public.add_generation_view(%L, 'left', %L, 'image/png', 10)$$,
  (select id from made where name = 'mine'), (select key from k where name = 'mine2')), '42501', 'anon cannot add views');
select tests.assert_fails($$select public.record_api_uploads(array['uploads/x.png'], array['image/png'], array[1])$$,
  '42501', 'anon cannot record an upload');
reset role;

-- The service role (the api) with a user's claims: the same proof, for that user; without claims, nobody.
select tests.authenticate_as((select owner from ids));
set local role service_role;
select tests.assert_fails(format($$select public.create_free_generation('glb', %L, 'image/png', 10, null, %L)$$,
  (select key from k where name = 'theirs'), repeat('b', 64)), '22023', 'create_free_generation refuses someone else''s key');
select tests.assert_fails(format($$select public.create_generation('model', 'glb', 'low', %L, 'image/png', 10)$$,
  (select key from k where name = 'their_result')), '22023', 'the service role with the owner''s claims is refused too');
select public.record_api_uploads(array['uploads/api-1.png', 'uploads/api-2.png'], array['image/png', 'image/jpeg'], array[10, 20]);
insert into made select 'free', (public.create_free_generation('glb', 'uploads/api-1.png', 'image/png', 10, null, repeat('b', 64))).id;
select tests.assert_fails($$select public.record_api_uploads(array['uploads/../generations/x'], array['image/png'], array[1])$$,
  '23514', 'a recorded key stays in the uploads folder');
select set_config('request.jwt.claims', '{"role": "service_role"}', true);
select tests.assert_fails($$select public.create_generation('model', 'glb', 'low', 'uploads/api-2.png', 'image/png', 10)$$,
  '42501', 'without a user there is no owner to prove');
select tests.assert_fails($$select public.record_api_uploads(array['uploads/api-3.png'], array['image/png'], array[1])$$,
  '42501', 'an upload is recorded for a user');
reset role;
select tests.assert_equal((select (user_id = (select owner from ids), source, purpose, claimed_at is null)::text
  from public.direct_uploads where key = 'uploads/api-2.png'), '(t,api,paid,t)', 'the api''s upload is the owner''s, unused');

-- Deleting: only what the generation owns. A key shared with another generation (written before the proof
-- existed) stays; outputs outside the generation's own folder are never named.
insert into public.generations (id, user_id, kind, format, topology, cost, input_key, status)
values ('00000000-0000-4000-8000-000000000002', (select other from ids), 'model', 'stl', 'low', 0,
        'uploads/legacy.png', 'completed');
insert into public.generations (id, user_id, kind, format, topology, cost, input_key, status, outputs)
values ('00000000-0000-4000-8000-000000000001', (select owner from ids), 'model', 'stl', 'low', 0,
        'uploads/legacy.png', 'completed',
        jsonb_build_object('stl', jsonb_build_object('key', (select key from k where name = 'their_result')),
                           'glb', jsonb_build_object('key', 'generations/00000000-0000-4000-8000-000000000001/model.glb')));
select tests.authenticate_as((select owner from ids));
select tests.assert_equal(public.delete_generation('00000000-0000-4000-8000-000000000001'),
  jsonb_build_object('input', null, 'views', '[]'::jsonb,
                     'outputs', jsonb_build_array('generations/00000000-0000-4000-8000-000000000001/model.glb')),
  'an old generation naming another user''s photo and result deletes neither');
reset role;
select public.generation_start((select id from made where name = 'mine'), 'worker-a', 1);
select public.generation_complete((select id from made where name = 'mine'), 'worker-a', '{}'::jsonb);
select tests.authenticate_as((select owner from ids));
select tests.assert_equal(public.delete_generation((select id from made where name = 'mine')),
  jsonb_build_object('input', (select key from k where name = 'mine'), 'outputs', '[]'::jsonb,
                     'views', jsonb_build_array((select key from k where name = 'mine_view'))),
  'the owner''s generation names its own photo and view');
reset role;
-- The other user's files are still theirs.
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select input_key from public.generations where id = (select id from made where name = 'theirs')),
  (select key from k where name = 'theirs'), 'the other user''s generation is untouched');
reset role;
