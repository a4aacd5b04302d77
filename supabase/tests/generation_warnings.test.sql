-- Warnings are written with the completion by the attempt that holds the generation, readable by the
-- owner and admins, not by other users, and the API roles cannot write them.
create temp table ids as select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
  tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated;
create temp table made (id uuid);
grant select, insert on made to authenticated;

select public.apply_credit_change((select owner from ids), 100, 'purchase', 'test:warnings');
select tests.authenticate_as((select owner from ids));
insert into made select (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
select tests.assert_equal((select cardinality(warnings) from public.generations where id = (select id from made)), 0,
  'a new generation has no warnings');
select tests.assert_fails(format($$select public.generation_complete(%L, 'w', '{}', array['x'])$$, (select id from made)),
  '42501', 'users cannot complete generations with warnings');
reset role;

select public.generation_start((select id from made), 'pool:1:1', 1);
select tests.assert_equal(public.generation_complete((select id from made), 'pool:9:1', '{}'::jsonb,
  array['The back photo did not match; it was used for colour only.']), false, 'another attempt cannot complete it');
select tests.assert_equal((select cardinality(warnings) from public.generations where id = (select id from made)), 0,
  'a refused completion writes no warnings');
select tests.assert_equal(public.generation_complete((select id from made), 'pool:1:1', '{}'::jsonb,
  array['The back photo did not match; it was used for colour only.', '', null, repeat('x', 400)]), true,
  'the holding attempt completes it with its warnings');
select tests.assert_equal((select array_to_string(array[warnings[1], char_length(warnings[2])::text, cardinality(warnings)::text], '|')
  from public.generations where id = (select id from made)),
  'The back photo did not match; it was used for colour only.|300|2', 'empty warnings dropped, long ones cut to 300');
select tests.assert_equal((select status from public.generations where id = (select id from made)), 'completed',
  'completed');

select tests.authenticate_as((select owner from ids));
select tests.assert_equal((select warnings[1] from public.generations where id = (select id from made)),
  'The back photo did not match; it was used for colour only.', 'the owner reads the warnings');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select cardinality(warnings) from public.generations where id = (select id from made)), 2,
  'an admin reads the warnings');
reset role;
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.generations where id = (select id from made))::int, 0,
  'another user does not see the generation or its warnings');
reset role;
