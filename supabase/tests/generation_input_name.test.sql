-- Who can name a conversion after its uploaded image (the name its downloads carry), and when.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other;
grant select on ids to anon, authenticated;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated;
grant select on made to anon;

select public.apply_credit_change((select owner from ids), 100, 'purchase', 'test:name-credits');

select tests.authenticate_as((select owner from ids));
insert into made select 'chair', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
select tests.assert_equal(public.name_generation_input((select id from made where name = 'chair'), 'chair'), true,
  'the owner names a queued conversion');
select tests.assert_equal((select input_name from public.generations where id = (select id from made where name = 'chair')),
  'chair', 'the owner reads its name');
select tests.assert_equal(public.name_generation_input((select id from made where name = 'chair'), 'table'), false,
  'a second name (a replayed request) changes nothing');
select tests.assert_equal((select input_name from public.generations where id = (select id from made where name = 'chair')),
  'chair', 'the first name stays');
select tests.assert_fails(format($$select public.name_generation_input(%L, '../etc/passwd')$$,
  (select id from made where name = 'chair')), '22023', 'a name with a slash is refused');
select tests.assert_fails(format($$select public.name_generation_input(%L, '')$$,
  (select id from made where name = 'chair')), '22023', 'an empty name is refused');
select tests.assert_fails(format($$select public.name_generation_input(%L, %L)$$,
  (select id from made where name = 'chair'), repeat('x', 121)), '22023', 'a name over 120 characters is refused');
select tests.assert_fails(format($$update public.generations set input_name = 'x' where id = %L$$,
  (select id from made where name = 'chair')), '42501', 'the owner cannot write the column directly');
insert into made select 'later', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
reset role;

-- Another user cannot name it; anon cannot call it at all.
select tests.authenticate_as((select other from ids));
select tests.assert_equal(public.name_generation_input((select id from made where name = 'later'), 'stolen'), false,
  'another user cannot name a conversion');
reset role;
select tests.authenticate_anon();
select tests.assert_fails(format($$select public.name_generation_input(%L, 'x')$$,
  (select id from made where name = 'later')), '42501', 'anon cannot name a conversion');
reset role;
select tests.assert_equal((select input_name is null from public.generations where id = (select id from made where name = 'later')),
  true, 'the other user''s and anon''s attempts left no name');

-- Once the worker has started it, the name is fixed.
select public.generation_start((select id from made where name = 'later'), 'worker-a', 1);
select tests.authenticate_as((select owner from ids));
select tests.assert_equal(public.name_generation_input((select id from made where name = 'later'), 'late'), false,
  'no name once the conversion started');
reset role;
