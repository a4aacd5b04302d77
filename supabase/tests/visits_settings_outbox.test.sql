-- Visits, settings and the mail outbox: who may write and who may read.
create temp table ids as
select tests.create_user('Visitor') as member, tests.create_user('Boss', true) as admin;
grant select on ids to anon, authenticated;

select tests.authenticate_anon();
insert into public.visits (path, referrer, visitor_id) values ('/', '', gen_random_uuid());
select tests.assert_fails(format('insert into public.visits (path, visitor_id, user_id) values (%L, %L, %L)', '/', gen_random_uuid(), (select member from ids)), '42501', 'anon cannot attribute a visit to a user');
select tests.assert_fails('select count(*) from public.visits', '42501', 'anon cannot read visits');
select tests.assert_equal((select count(*) from public.settings where key = 'generation.cost_credits')::int, 1, 'anon reads public settings');
select tests.assert_equal((select count(*) from public.settings where key = 'generation.max_in_flight')::int, 0, 'anon does not see private settings');
select tests.assert_fails($$insert into public.settings (key, value) values ('x', '1')$$, '42501', 'anon cannot add settings');
select tests.assert_fails('select count(*) from public.mail_outbox', '42501', 'anon cannot read mail');
select tests.assert_fails($$select public.queue_mail('a@b.c', 's', 't')$$, '42501', 'anon cannot queue mail');
reset role;

select tests.authenticate_as((select member from ids));
insert into public.visits (path, visitor_id, user_id) values ('/app', gen_random_uuid(), (select member from ids));
select tests.assert_equal((select count(*) from public.visits)::int, 0, 'members cannot read visits, not even their own');
select tests.assert_fails(format('insert into public.visits (path, visitor_id, user_id) values (%L, %L, %L)', '/', gen_random_uuid(), (select admin from ids)), '42501', 'members cannot attribute visits to others');
update public.settings set value = '0' where key = 'generation.cost_credits';
select tests.assert_equal((select count(*) from public.mail_outbox)::int, 0, 'members read no mail');
reset role;
select tests.assert_equal((select value from public.settings where key = 'generation.cost_credits'), '50'::jsonb, 'members cannot change settings (the update matches no row)');
select public.queue_mail('someone@example.test', 'Hello', 'Body');

select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.visits where path in ('/', '/app'))::int >= 2, true, 'admins read visits');
update public.settings set value = '5' where key = 'generation.max_in_flight';
select tests.assert_equal((select value from public.settings where key = 'generation.max_in_flight'), '5'::jsonb, 'admins change settings');
select tests.assert_equal((select count(*) from public.mail_outbox where to_address = 'someone@example.test')::int, 1, 'admins read the outbox');
select tests.assert_fails($$delete from public.mail_outbox$$, '42501', 'nobody deletes mail through the API roles');
reset role;
