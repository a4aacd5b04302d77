-- Messages of the public forms: stored with their mail in one call, read by admins only, rate-limited.
create temp table ids as
select tests.create_user('Sender') as member, tests.create_user('Boss', true) as admin;
grant select on ids to anon, authenticated;

-- The function's own privileges (the api function calls it as the service).
create temp table sent as
select public.submit_message('contact', ' Ada@Example.test ',
         '{"name":"Ada","subject":"Invoice","message":"Where is my invoice?"}', repeat('a', 64)) as contact,
       public.submit_message('waitlist', 'wait@example.test', '{}', repeat('a', 64)) as waitlist,
       public.submit_message('career', 'cv@example.test',
         '{"role":"Product Designer","full_name":"Grace Hopper","skills_summary":"Compilers"}',
         repeat('b', 64), (select member from ids)) as career;
grant select on sent to anon, authenticated;

select tests.assert_equal((select email from public.messages where id = (select contact from sent)), 'ada@example.test', 'the address is stored trimmed and lower-cased');
select tests.assert_equal((select count(*) from public.mail_outbox o join public.messages m on m.mail_id = o.id where m.id in (select unnest(array[contact, waitlist, career]) from sent))::int, 3, 'every message has its mail in the outbox');
select tests.assert_equal((select o.subject from public.mail_outbox o join public.messages m on m.mail_id = o.id where m.id = (select waitlist from sent)), 'Mobile App Waitlist Signup', 'the waitlist mail has the spec''s subject');
select tests.assert_equal((select o.to_address from public.mail_outbox o join public.messages m on m.mail_id = o.id where m.id = (select contact from sent)), 'hello@lift3d.app', 'mail goes to the team address setting');
select tests.assert_equal((select o.reply_to from public.mail_outbox o join public.messages m on m.mail_id = o.id where m.id = (select contact from sent)), 'ada@example.test', 'replies go to the sender');
select tests.assert_equal((select o.text_body like '%Where is my invoice?%' from public.mail_outbox o join public.messages m on m.mail_id = o.id where m.id = (select contact from sent)), true, 'the contact mail carries the message');
select tests.assert_equal((select o.text_body like '%Role: Product Designer%Full name: Grace Hopper%Location: -%Compilers%' from public.mail_outbox o join public.messages m on m.mail_id = o.id where m.id = (select career from sent)), true, 'the application mail lists every field, "-" when empty');
select tests.assert_equal((select o.html_body from public.mail_outbox o join public.messages m on m.mail_id = o.id where m.id = (select career from sent)), null::text, 'nothing a visitor typed is sent as HTML');
select tests.assert_equal(public.submit_message('waitlist', 'WAIT@example.test', '{}'), (select waitlist from sent), 'signing up twice for the waitlist stores nothing new');
select tests.assert_equal((select count(*) from public.messages where kind = 'waitlist' and email = 'wait@example.test')::int, 1, 'one waitlist row per address');

-- Bad input: clear errors, nothing stored.
select tests.assert_fails($$select public.submit_message('spam', 'a@b.co', '{}')$$, '22023', 'unknown kinds are refused');
select tests.assert_fails($$select public.submit_message('contact', 'not-an-address', '{}')$$, '22023', 'a malformed address is refused');
select tests.assert_fails($$select public.submit_message('contact', 'a@b.co', '[1]')$$, '22023', 'the payload must be an object');

-- Limits: per address, then per IP address (settings lowered for the test).
select public.submit_message('contact', 'busy@example.test', '{"name":"B","subject":"1","message":"1"}');
select public.submit_message('contact', 'busy@example.test', '{"name":"B","subject":"2","message":"2"}');
select public.submit_message('contact', 'busy@example.test', '{"name":"B","subject":"3","message":"3"}');
select tests.assert_fails($$select public.submit_message('contact', 'busy@example.test', '{"name":"B","subject":"4","message":"4"}')$$, 'P0429', 'a fourth message from one address within the window is refused');
update public.settings set value = '2' where key = 'forms.max_per_ip';
select tests.assert_fails(format('select public.submit_message(%L, %L, %L, %L)', 'contact', 'fresh@example.test', '{"name":"F","subject":"s","message":"m"}', repeat('a', 64)), 'P0429', 'a third message from one IP within the window is refused');
select tests.assert_equal(public.submit_message('contact', 'fresh@example.test', '{"name":"F","subject":"s","message":"m"}', repeat('c', 64)) > 0, true, 'another IP may still write');
update public.settings set value = '0' where key = 'forms.window_minutes';
select tests.assert_equal(public.submit_message('contact', 'busy@example.test', '{"name":"B","subject":"5","message":"5"}', repeat('a', 64)) > 0, true, 'the limits only count recent messages');

-- Visitors and members: no reading, no writing, no calling the function.
select tests.authenticate_anon();
select tests.assert_fails('select count(*) from public.messages', '42501', 'anon cannot read messages');
select tests.assert_fails($$insert into public.messages (kind, email, payload) values ('contact', 'a@b.co', '{}')$$, '42501', 'anon cannot insert messages directly');
select tests.assert_fails($$select public.submit_message('contact', 'a@b.co', '{}')$$, '42501', 'anon cannot call submit_message (only the api function may)');
reset role;

select tests.authenticate_as((select member from ids));
select tests.assert_equal((select count(*) from public.messages)::int, 0, 'members read no messages, not even the one they sent');
select tests.assert_fails($$insert into public.messages (kind, email, payload) values ('contact', 'a@b.co', '{}')$$, '42501', 'members cannot insert messages directly');
select tests.assert_fails($$select public.submit_message('contact', 'a@b.co', '{}')$$, '42501', 'members cannot call submit_message');
select tests.assert_fails($$select public.message_mail_text('contact', 'a@b.co', '{}')$$, '42501', 'members cannot call the mail formatter');
select tests.assert_fails($$update public.messages set email = 'x@y.zz'$$, '42501', 'members change no message');
select tests.assert_fails($$delete from public.messages$$, '42501', 'members delete no message');
reset role;

select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.messages where id in (select unnest(array[contact, waitlist, career]) from sent))::int, 3, 'admins read messages');
select tests.assert_equal((select user_id from public.messages where id = (select career from sent)), (select member from ids), 'a signed-in sender is recorded');
select tests.assert_fails($$delete from public.messages$$, '42501', 'not even admins delete messages through the API roles');
select tests.assert_fails($$select public.submit_message('contact', 'a@b.co', '{}')$$, '42501', 'admins cannot call submit_message either');
reset role;
