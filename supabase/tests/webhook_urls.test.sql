-- save_webhook_endpoint, as the Data API calls it, checks the URL in SQL as the api does (short of DNS):
-- https only, no credentials, no private, loopback or link-local address, no unusual numeric forms, no
-- names of this machine. Only the service role (the api, which resolved the name) uses the other door.
grant usage on schema tests to service_role;
grant execute on all functions in schema tests to service_role;
create temp table ids as select tests.create_user('Owner') as owner;
grant select on ids to anon, authenticated, service_role;
create temp table refused (url text, why text);
insert into refused values
  ('http://hooks.example.com/in', 'https only'),
  ('https://user:pw@hooks.example.com/in', 'credentials'),
  ('https://169.254.169.254/latest/meta-data', 'link-local (cloud metadata)'),
  ('https://127.0.0.1/hook', 'loopback'),
  ('https://127.0.0.1:8443/hook', 'loopback with a port'),
  ('https://10.0.0.5/hook', 'private'),
  ('https://172.16.3.4/hook', 'private'),
  ('https://192.168.1.1/hook', 'private'),
  ('https://100.64.1.1/hook', 'shared address space'),
  ('https://0.0.0.0/hook', 'this network'),
  ('https://2130706433/hook', 'a decimal address'),
  ('https://0x7f.1/hook', 'a hex address'),
  ('https://017.0.0.1/hook', 'an octal address'),
  ('https://127.1/hook', 'a short address'),
  ('https://[::1]/hook', 'IPv6 loopback'),
  ('https://[fe80::1]/hook', 'IPv6 link-local'),
  ('https://[fd00::1]/hook', 'IPv6 unique local'),
  ('https://[::ffff:169.254.169.254]/hook', 'IPv4-mapped link-local'),
  ('https://localhost/hook', 'localhost'),
  ('https://printer.local/hook', 'a .local name'),
  ('https://db.internal/hook', 'an .internal name');
grant select on refused to authenticated;

select tests.authenticate_as((select owner from ids));
select tests.assert_fails(format('select public.save_webhook_endpoint(%L, true)', url), '22023', why) from refused;
select tests.assert_equal((select count(*) from public.webhook_endpoints)::int, 0, 'nothing was stored');
select public.save_webhook_endpoint('https://hooks.example.com/in', true);
select public.save_webhook_endpoint('https://93.184.215.14:8443/in', true);
select public.save_webhook_endpoint('https://[2606:4700::1111]/in', true);
select tests.assert_equal((select url from public.webhook_endpoints), 'https://[2606:4700::1111]/in', 'public addresses are fine');
select tests.assert_fails($$select public.save_checked_webhook_endpoint('http://127.0.0.1:9/hook', true)$$, '42501',
  'a signed-in user cannot use the api''s door');
reset role;
select tests.authenticate_anon();
select tests.assert_fails($$select public.save_webhook_endpoint('https://hooks.example.com/in', true)$$, '42501', 'anon cannot save');
select tests.assert_fails($$select public.save_checked_webhook_endpoint('https://hooks.example.com/in', true)$$, '42501', 'nor through the api''s door');
reset role;
-- The api (service role with the caller's claims), having resolved the name, may store a local receiver
-- where it is configured to; without a user there is nothing to store.
select tests.authenticate_as((select owner from ids));
set local role service_role;
select public.save_checked_webhook_endpoint('http://127.0.0.1:9/hook', true);
select set_config('request.jwt.claims', '{"role": "service_role"}', true);
select tests.assert_fails($$select public.save_checked_webhook_endpoint('https://hooks.example.com/in', true)$$, '42501',
  'the api''s door needs a user');
reset role;
select tests.assert_equal((select url from public.webhook_endpoints), 'http://127.0.0.1:9/hook', 'the api stored its checked URL');
