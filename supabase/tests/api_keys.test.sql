-- Who can create, read, revoke and use API keys; the 10-key limit and the per-key rate limit.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other;
grant select on ids to anon, authenticated;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated;

-- The owner creates keys through the function; the hash is never readable back.
select tests.authenticate_as((select owner from ids));
insert into made select 'first', id from public.create_api_key('CI pipeline', 'l3d_Abcd1234', repeat('a', 64));
select tests.assert_equal((select name from public.api_keys where id = (select id from made where name = 'first')),
  'CI pipeline', 'the owner reads the key');
select tests.assert_fails($$select key_hash from public.api_keys$$, '42501', 'the hash is not readable');
select tests.assert_fails($$insert into public.api_keys (user_id, name, prefix, key_hash)
  values (auth.uid(), 'x', 'l3d_Abcd1234', repeat('b', 64))$$, '42501', 'no direct insert');
select tests.assert_fails($$update public.api_keys set revoked_at = null$$, '42501', 'no direct update');
select tests.assert_fails($$select public.create_api_key('  ', 'l3d_Abcd1234', repeat('c', 64))$$, '22023',
  'a blank name is refused');
select tests.assert_fails($$select public.create_api_key('x', 'bad', repeat('c', 64))$$, '23514',
  'a malformed prefix is refused');
select tests.assert_fails($$select public.api_key_authenticate(repeat('a', 64))$$, '42501',
  'users cannot call the api''s own door');
-- Ten active keys at most.
select public.create_api_key('key ' || n, 'l3d_Abcd1234', lpad(to_hex(n), 64, '0')) from generate_series(1, 9) n;
select tests.assert_fails($$select public.create_api_key('eleventh', 'l3d_Abcd1234', repeat('d', 64))$$, 'P0409',
  'an eleventh active key is refused');
select public.revoke_api_key((select id from made where name = 'first'));
select public.revoke_api_key((select id from made where name = 'first'));
insert into made select 'tenth', id from public.create_api_key('after revoke', 'l3d_Abcd1234', repeat('e', 64));
select tests.assert_equal((select count(*) from public.api_keys where revoked_at is null)::int, 10,
  'a revoked key frees a place');
reset role;

-- Another user neither sees nor revokes them; anonymous callers do nothing.
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.api_keys)::int, 0, 'another user sees no keys');
select tests.assert_fails(format($$select public.revoke_api_key(%L)$$, (select id from made where name = 'tenth')),
  'P0002', 'another user cannot revoke the key');
reset role;
select tests.authenticate_anon();
select tests.assert_fails($$select public.create_api_key('x', 'l3d_Abcd1234', repeat('f', 64))$$, '42501',
  'anon cannot create keys');
reset role;

-- The api's door: a revoked or unknown key finds nothing; a live key names its owner and counts requests.
select tests.assert_equal((select count(*) from public.api_key_authenticate(repeat('a', 64)))::int, 0,
  'a revoked key is refused');
select tests.assert_equal((select count(*) from public.api_key_authenticate(repeat('9', 64)))::int, 0,
  'an unknown key is refused');
select tests.assert_equal((select user_id from public.api_key_authenticate(repeat('e', 64))), (select owner from ids),
  'a key acts as its owner');
select tests.assert_equal((select last_used_at is not null from public.api_keys where key_hash = repeat('e', 64)),
  true, 'the key''s last use is recorded');
update public.settings set value = '3' where key = 'api.requests_per_minute';
create temp table hits (n integer, allowed boolean, remaining integer, request_limit integer);
do $$
begin
  for i in 1..4 loop
    insert into hits select i, a.allowed, a.remaining, a.request_limit
      from public.api_key_authenticate(repeat('e', 64)) a;
  end loop;
end;
$$;
select tests.assert_equal((select count(*) from hits)::int, 4, 'every request is answered');
select tests.assert_equal((select bool_or(not allowed) from hits), true, 'over the limit is refused');
select tests.assert_equal((select min(remaining) from hits), 0, 'nothing remains once over the limit');
select tests.assert_equal((select max(request_limit) from hits), 3, 'the limit comes from the settings');
update public.settings set value = '60' where key = 'api.requests_per_minute';
