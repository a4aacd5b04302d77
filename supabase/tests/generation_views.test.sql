-- Who can add and read the extra views (right, back, left) of a multi-view generation.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated;
grant select on made to anon;

select public.apply_credit_change((select owner from ids), 100, 'purchase', 'test:views-credits');

-- One generation with two views costs what one photo costs.
select tests.authenticate_as((select owner from ids));
insert into made select 'multi', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
select public.add_generation_view((select id from made where name = 'multi'), 'back', tests.upload(null, 'uploads/back'), 'image/png', 11);
select public.add_generation_view((select id from made where name = 'multi'), 'right', tests.upload(null, 'uploads/right'), 'image/jpeg', 12);
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 50, 'views cost nothing more');
select tests.assert_equal((select count(*) from public.credit_ledger where reason = 'generation')::int, 1, 'one charge');
select tests.assert_equal(
  (select string_agg(view || '=' || input_key, ',' order by view) from public.generation_views),
  'back=uploads/back,right=uploads/right', 'the owner reads the views');
-- A replayed view changes nothing; unknown view names are refused.
select public.add_generation_view((select id from made where name = 'multi'), 'back', tests.upload(), 'image/png', 9);
select tests.assert_equal((select input_key from public.generation_views where view = 'back'), 'uploads/back',
  'a view is written once');
select tests.assert_fails(format($$select public.add_generation_view(%L, 'top', 'k', 'image/png', 1)$$,
  (select id from made where name = 'multi')), '22023', 'only right, back and left are views');
-- Nobody writes the table directly.
select tests.assert_fails(format($$insert into public.generation_views (generation_id, view, input_key, input_type, input_bytes)
  values (%L, 'left', 'k', 'image/png', 1)$$, (select id from made where name = 'multi')), '42501', 'owner cannot insert views');
select tests.assert_fails($$delete from public.generation_views$$, '42501', 'owner cannot delete views');
reset role;

-- Another user neither reads nor adds views to it; anonymous callers do neither.
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.generation_views)::int, 0, 'another user sees no views');
select tests.assert_fails(format($$select public.add_generation_view(%L, 'left', 'k', 'image/png', 1)$$,
  (select id from made where name = 'multi')), 'P0002', 'another user cannot add a view');
reset role;
select tests.authenticate_anon();
select tests.assert_fails('select count(*) from public.generation_views', '42501', 'anon cannot read views');
select tests.assert_fails(format($$select public.add_generation_view(%L, 'left', 'k', 'image/png', 1)$$,
  (select id from made where name = 'multi')), '42501', 'anon cannot add views');
reset role;

-- Admins read every generation's views.
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.generation_views)::int, 2, 'an admin reads the views');
reset role;

-- Once the worker has started the conversion, no view can be added any more.
select public.generation_start((select id from made where name = 'multi'), 'worker-a', 1);
select tests.authenticate_as((select owner from ids));
select tests.assert_fails(format($$select public.add_generation_view(%L, 'left', 'k', 'image/png', 1)$$,
  (select id from made where name = 'multi')), 'P0002', 'no views after the conversion started');
reset role;
