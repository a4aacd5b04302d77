-- Free previews: only the api (service role with the caller's claims) starts one; no credits, no ledger
-- rows; per-account, per-network and in-flight limits; private to the owner (admins read all); converted
-- once, only into the owner's generation made from the preview's photo; the photos outlive the upload
-- sweep while the preview lives.
grant usage on schema tests to service_role;
grant execute on all functions in schema tests to service_role;
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin,
       repeat('a', 64) as ip_a, repeat('b', 64) as ip_b;
grant select on ids to anon, authenticated, service_role;
create temp table made (name text primary key, id uuid, key text);
grant select, insert on made to authenticated, service_role;

-- Nobody but the service role starts a preview or reads the quota (the network hash must come from the api).
select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select public.create_preview(tests.upload(), 'image/png', 10)$$,
  '42501', 'a signed-in user cannot start a preview directly');
select tests.assert_fails($$select public.preview_quota(null)$$,
  '42501', 'a signed-in user cannot call the quota function directly');
select tests.assert_fails($$select public.preview_complete(gen_random_uuid(), 'x', null)$$,
  '42501', 'a signed-in user cannot complete a preview');
select tests.assert_fails($$select * from public.take_expired_previews(10)$$,
  '42501', 'a signed-in user cannot take previews to sweep');
select tests.assert_fails($$insert into public.previews (user_id, input_key, input_type, input_bytes, expires_at)
                            values (auth.uid(), 'uploads/x.png', 'image/png', 1, now())$$,
  '42501', 'a signed-in user cannot insert a preview row');
reset role;
select tests.authenticate_anon();
select tests.assert_fails($$select public.create_preview('uploads/x.png', 'image/png', 10)$$,
  '42501', 'anon cannot start a preview');
select tests.assert_fails('select count(*) from public.previews', '42501', 'anon cannot read previews');
reset role;

-- The api (service role) with the owner's claims: a queued preview, no credits moved, no ledger rows.
select tests.authenticate_as((select owner from ids));
reset role;
insert into made select 'front', null, tests.upload((select owner from ids));
insert into made select 'right', null, tests.upload((select owner from ids));
select tests.authenticate_as((select owner from ids));
set local role service_role;
insert into made select 'first',
  (public.create_preview((select key from made where name = 'front'), 'image/png', 10,
     jsonb_build_object('right', jsonb_build_object('key', (select key from made where name = 'right'),
                                                    'type', 'image/png', 'bytes', 10)),
     (select ip_a from ids))).id, null;
reset role;
select tests.assert_equal((select (user_id, status, expires_at > now() + interval '59 minutes')::text
                             from public.previews where id = (select id from made where name = 'first')),
  format('(%s,queued,t)', (select owner from ids)), 'a queued preview of the owner, kept an hour');
select tests.assert_equal((select count(*) from public.credit_ledger where user_id = (select owner from ids))::int,
  0, 'no ledger rows for a preview');
select tests.assert_equal((select credits from public.profiles where id = (select owner from ids)), 0,
  'the balance stays 0');
select tests.assert_equal(public.preview_quota((select ip_a from ids)) ->> 'remaining', '9',
  'one of ten used');

-- Bad input is refused with a clear error.
select tests.assert_fails($$select public.create_preview('uploads/never-recorded.png', 'image/png', 10)$$,
  '22023', 'a key that is not the caller''s upload is refused');
select tests.assert_fails($$select public.create_preview(tests.upload(), 'image/png', 10, null, 'not-a-hash')$$,
  '22023', 'a malformed address hash is refused');
select tests.assert_fails($$select public.create_preview(tests.upload(), 'image/png', 10, '{"top": {"key": "k"}}')$$,
  '22023', 'an unknown view is refused');
select tests.assert_fails(
  format($$select public.create_preview(%L, 'image/png', 10)$$, tests.upload((select other from ids))),
  '22023', 'another user''s upload is refused');

-- Another user cannot see it; the admin can.
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.previews)::int, 0, 'another user sees no previews');
select tests.assert_fails(format('select public.mark_preview_converted(%L, gen_random_uuid())',
                                 (select id from made where name = 'first')),
  'P0002', 'another user cannot convert the owner''s preview');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.previews)::int, 1, 'the admin sees the preview');
reset role;

-- In flight: at most two waiting or running per account.
select tests.authenticate_as((select owner from ids));
reset role;
insert into made select 'second', (public.create_preview(tests.upload(), 'image/png', 10, '{}', (select ip_a from ids))).id, null;
select tests.assert_fails($$select public.create_preview(tests.upload(), 'image/png', 10, '{}', repeat('a', 64))$$,
  'P0429', 'a third preview in flight is refused');

-- The worker: start, complete under the fixed key only.
select tests.assert_equal((public.preview_start((select id from made where name = 'first'))).status, 'processing',
  'the worker starts the preview');
select tests.assert_fails(format($$select public.preview_complete(%L, 'generations/x/model.glb', '{}')$$,
                                 (select id from made where name = 'first')),
  '22023', 'a shape outside previews/<id>/ is refused');
select tests.assert_equal(public.preview_complete((select id from made where name = 'first'),
    'previews/' || (select id from made where name = 'first') || '/shape.glb', '{"triangles": 900}'), true,
  'the worker completes the preview');
select public.preview_fail((select id from made where name = 'second'), 'No subject found.');

-- The daily limit per account (preview.daily_limit) with its message.
update public.settings set value = '3' where key = 'preview.daily_limit';
insert into public.settings (key, value) select 'preview.daily_limit', '3'
 where not exists (select 1 from public.settings where key = 'preview.daily_limit');
insert into made select 'third', (public.create_preview(tests.upload(), 'image/png', 10, '{}', (select ip_a from ids))).id, null;
select public.preview_fail((select id from made where name = 'third'), 'x');
do $$
begin
  perform public.create_preview(tests.upload(), 'image/png', 10, '{}', repeat('a', 64));
  raise exception 'expected the daily limit';
exception when sqlstate 'P0429' then
  if sqlerrm not like 'You have seen your 3 free previews for today.%' then
    raise exception 'unexpected message: %', sqlerrm;
  end if;
end $$;

-- The network limit counts every account behind the address.
insert into public.settings (key, value) values ('preview.daily_limit_per_ip', '3')
  on conflict (key) do update set value = excluded.value;
select tests.authenticate_as((select other from ids));
reset role;
do $$
begin
  perform public.create_preview(tests.upload(), 'image/png', 10, '{}', repeat('a', 64));
  raise exception 'expected the network limit';
exception when sqlstate 'P0429' then
  if sqlerrm not like 'The free previews for your network are used up for today.%' then
    raise exception 'unexpected message: %', sqlerrm;
  end if;
end $$;
insert into made select 'other-net', (public.create_preview(tests.upload(), 'image/png', 10, '{}', (select ip_b from ids))).id, null;
select tests.assert_equal((select user_id from public.previews where id = (select id from made where name = 'other-net')),
  (select other from ids), 'another network still gets a preview');

-- While the preview lives, the upload sweep leaves its photos alone even past their grace.
update public.direct_uploads set created_at = now() - interval '3 hours', expires_at = now() - interval '2 hours'
 where key in (select key from made where name in ('front', 'right'));
select tests.assert_equal((select count(*) from public.take_unclaimed_uploads(0, 1000) t
                            where t.key in (select key from made where name in ('front', 'right')))::int,
  0, 'a live preview''s photos are not swept');

-- Converting: the owner's generation made from the preview's photo (claims the upload), once.
select public.apply_credit_change((select owner from ids), 100, 'purchase', 'test:preview-credits');
select tests.authenticate_as((select owner from ids));
insert into made select 'generation', (g).id, null from (
  select public.create_generations('model', 'glb', 'low', jsonb_build_array(jsonb_build_object(
    'key', (select key from made where name = 'front'), 'type', 'image/png', 'bytes', 10))) as g) s;
select tests.assert_fails(format('select public.mark_preview_converted(%L, %L)',
                                 (select id from made where name = 'first'), gen_random_uuid()),
  '22023', 'a generation not made from the preview''s photo is refused');
select tests.assert_equal((public.mark_preview_converted((select id from made where name = 'first'),
                                                          (select id from made where name = 'generation'))).status,
  'converted', 'the owner converts the preview');
select tests.assert_fails(format('select public.mark_preview_converted(%L, %L)',
                                 (select id from made where name = 'first'), (select id from made where name = 'generation')),
  'P0409', 'a preview converts once');
select tests.assert_equal((select count(*) from public.credit_ledger where user_id = (select owner from ids)
                             and delta < 0)::int, 1, 'only the conversion is charged');
reset role;

-- The sweep: an expired live preview is taken and marked expired; a converted one is not.
update public.previews set expires_at = now() - interval '1 minute' where user_id = (select owner from ids);
select tests.assert_equal((select count(*) from public.take_expired_previews(100) t
                            where t.id = (select id from made where name = 'first'))::int,
  0, 'a converted preview is not swept');
select tests.assert_equal(public.mark_previews_expired(array(select t.id from public.take_expired_previews(100) t)),
  2, 'the two failed previews past their time are marked expired');
select tests.assert_equal((select status from public.previews where id = (select id from made where name = 'second')),
  'expired', 'an expired preview says so');
