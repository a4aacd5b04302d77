-- The turntable video of an existing model: only its owner asks for it, it costs nothing, asking again
-- renders once, a failed render may be asked for again; nobody else reads or starts it; only the worker's
-- functions move it, fenced by the attempt that holds it.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated;
grant select on made to anon;

select public.apply_credit_change((select owner from ids), 200, 'purchase', 'test:video-credits');
select tests.authenticate_as((select owner from ids));
insert into made select 'model', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
insert into made select 'preview', (public.create_generation('video', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
insert into made select 'running', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
reset role;
select public.generation_start(id, 'w', 1) from made where name in ('model', 'preview');
select public.generation_complete((select id from made where name = 'model'), 'w',
  jsonb_build_object('glb', jsonb_build_object('key', 'generations/' || (select id from made where name = 'model') || '/m.glb',
    'contentType', 'model/gltf-binary', 'bytes', 10, 'name', 'm.glb')));
select public.generation_complete((select id from made where name = 'preview'), 'w',
  jsonb_build_object('glb', jsonb_build_object('key', 'generations/x/m.glb', 'contentType', 'model/gltf-binary', 'bytes', 10, 'name', 'm.glb'),
                     'mp4', jsonb_build_object('key', 'generations/x/m.mp4', 'contentType', 'video/mp4', 'bytes', 10, 'name', 'm.mp4')));
create temp table balance_before as select credits from public.profiles where id = (select owner from ids);
grant select on balance_before to authenticated;

-- Another user and anonymous callers neither start nor see it; the admin reads but does not start it.
select tests.authenticate_as((select other from ids));
select tests.assert_fails(format($$select public.request_model_video(%L)$$, (select id from made where name = 'model')),
  'P0002', 'another user cannot ask for a video of the model');
reset role;
select tests.authenticate_anon();
select tests.assert_fails(format($$select public.request_model_video(%L)$$, (select id from made where name = 'model')),
  '42501', 'anon cannot ask for a video');
select tests.assert_fails('select count(*) from public.model_videos', '42501', 'anon cannot read videos');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_fails(format($$select public.request_model_video(%L)$$, (select id from made where name = 'model')),
  'P0002', 'an admin does not render videos of other people''s models');
reset role;

-- The owner asks: rendering, free; asking again returns the same row (one job, no second row).
select tests.authenticate_as((select owner from ids));
select tests.assert_equal((public.request_model_video((select id from made where name = 'model'))).status,
  'rendering', 'the owner''s request starts a render');
select tests.assert_equal((public.request_model_video((select id from made where name = 'model'))).status,
  'rendering', 'asking again while it renders changes nothing');
select tests.assert_equal((select count(*) from public.model_videos)::int, 1, 'one video per model');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)),
  (select credits from balance_before), 'a video of an existing model costs nothing');
-- A 3D Preview's video came with the conversion: ready at once.
select tests.assert_equal((public.request_model_video((select id from made where name = 'preview'))).status,
  'ready', 'a 3D Preview''s own video is ready');
-- A model still converting has no video yet.
select tests.assert_fails(format($$select public.request_model_video(%L)$$, (select id from made where name = 'running')),
  '23505', 'no video before the model is finished');
-- Nobody writes the table directly, not even the owner; the worker's functions are not theirs to call.
select tests.assert_fails($$update public.model_videos set status = 'ready'$$, '42501', 'owner cannot update videos');
select tests.assert_fails(format($$select public.model_video_start(%L, 'me', 1)$$, (select id from made where name = 'model')),
  '42501', 'owner cannot take the render');
select tests.assert_fails(format($$select public.model_video_complete(%L, 'me', '{}')$$, (select id from made where name = 'model')),
  '42501', 'owner cannot complete the render');
select tests.assert_fails(format($$select public.model_video_fail(%L, 'me', 'x')$$, (select id from made where name = 'model')),
  '42501', 'owner cannot fail the render');
reset role;

-- Others read nothing; the admin reads it.
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.model_videos)::int, 0, 'another user reads no videos');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.model_videos)::int, 2, 'an admin reads every video');
reset role;

-- The worker: an attempt holds it; a stale attempt cannot write; completing adds the MP4 to the model.
select tests.assert_equal((public.model_video_start((select id from made where name = 'model'), 'w1', 1)).id,
  (select id from made where name = 'model'), 'the worker takes the render and gets the model');
select tests.assert_equal(public.model_video_progress((select id from made where name = 'model'), 'w1', 0.5),
  true, 'the holder writes progress');
select public.model_video_start((select id from made where name = 'model'), 'w2', 2);
select tests.assert_equal(public.model_video_progress((select id from made where name = 'model'), 'w1', 0.6),
  false, 'an attempt that lost the render writes nothing');
select tests.assert_equal((select progress from public.model_videos where generation_id = (select id from made where name = 'model')),
  0.5::real, 'progress never goes back');
select tests.assert_fails(format($$select public.model_video_complete(%L, 'w2', '{"key": "generations/other/m.mp4"}')$$,
  (select id from made where name = 'model')), '22023', 'the video is stored in the model''s own folder only');
select tests.assert_equal(public.model_video_complete((select id from made where name = 'model'), 'w1',
  jsonb_build_object('key', 'generations/' || (select id from made where name = 'model') || '/m.mp4')),
  false, 'a stale attempt cannot complete');
select tests.assert_equal(public.model_video_fail((select id from made where name = 'model'), 'w2', 'ffmpeg is missing.'),
  true, 'the holder fails it with a reason');

-- Failed: the owner reads why and may ask again (a new render, still free).
select tests.authenticate_as((select owner from ids));
select tests.assert_equal((select status || ': ' || error from public.model_videos where generation_id = (select id from made where name = 'model')),
  'failed: ffmpeg is missing.', 'the owner reads the failure and its reason');
select tests.assert_equal((public.request_model_video((select id from made where name = 'model'))).status,
  'rendering', 'a failed video may be asked for again');
reset role;
select public.model_video_start((select id from made where name = 'model'), 'w3', 1);
select tests.assert_equal(public.model_video_complete((select id from made where name = 'model'), 'w3',
  jsonb_build_object('key', 'generations/' || (select id from made where name = 'model') || '/m.mp4',
                     'contentType', 'video/mp4', 'bytes', 10, 'name', 'm.mp4')),
  true, 'the holder completes it');
select tests.assert_equal((select outputs ? 'mp4' and outputs ? 'glb' from public.generations where id = (select id from made where name = 'model')),
  true, 'the MP4 joins the model''s files');
select tests.assert_equal(public.model_video_start((select id from made where name = 'model'), 'w4', 1) is null,
  true, 'a ready video is not rendered again');
select tests.authenticate_as((select owner from ids));
select tests.assert_equal((public.request_model_video((select id from made where name = 'model'))).status,
  'ready', 'asking for a ready video returns it');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)),
  (select credits from balance_before), 'rendering, failing and rendering again cost nothing');
select tests.assert_equal((select count(*) from public.credit_ledger where user_id = (select owner from ids))::int, 4,
  'the ledger has the purchase and the three conversions only');
-- Deleting the model takes its video with it (the MP4 is one of the files delete_generation returns).
select tests.assert_equal(
  (select (public.delete_generation((select id from made where name = 'model')) -> 'outputs') ? ('generations/' || (select id from made where name = 'model') || '/m.mp4')),
  true, 'deleting the model deletes its video file');
select tests.assert_equal((select count(*) from public.model_videos where generation_id = (select id from made where name = 'model'))::int,
  0, 'a deleted model''s video is no longer readable');
reset role;
select tests.assert_equal(public.model_video_start((select id from made where name = 'model'), 'w5', 1) is null,
  true, 'a deleted model''s video is never rendered');
