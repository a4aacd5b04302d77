-- Share links: only the owner shares, switches downloads and revokes; nobody else reads the shares; the
-- public read path gives a live share's page data and nothing of the account.
create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated;
create temp table made (name text primary key, id uuid);
grant select, insert on made to authenticated;
grant select on made to anon;
create temp table slugs (name text primary key, slug text);
grant select, insert on slugs to authenticated;
grant select on slugs to anon;

select public.apply_credit_change((select owner from ids), 200, 'purchase', 'test:share-credits');
select tests.authenticate_as((select owner from ids));
insert into made select 'done', (public.create_generation('video', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
insert into made select 'running', (public.create_generation('model', 'glb', 'low', tests.upload(), 'image/png', 10)).id;
reset role;
select public.generation_start((select id from made where name = 'done'), 'w', 1);
select public.generation_complete((select id from made where name = 'done'), 'w',
  '{"glb": {"key": "results/x.glb", "contentType": "model/gltf-binary", "bytes": 10, "name": "m.glb"},
    "poster": {"key": "results/x.webp", "contentType": "image/webp", "bytes": 5, "name": "p.webp"}}');

-- The owner shares a completed model: a 24-character URL-safe slug, downloads off by default.
select tests.authenticate_as((select owner from ids));
insert into slugs select 'first', (public.share_generation((select id from made where name = 'done'))).slug;
select tests.assert_equal((select slug ~ '^[A-Za-z0-9_-]{24}$' from slugs where name = 'first'), true, 'slug is 24 URL-safe characters');
select tests.assert_equal((select allow_downloads from public.model_shares), false, 'downloads are off unless asked');
-- Sharing again returns the same live link.
select tests.assert_equal((public.share_generation((select id from made where name = 'done'), true)).slug,
  (select slug from slugs where name = 'first'), 'a second share returns the live link');
select tests.assert_equal((select count(*) from public.model_shares)::int, 1, 'one live share per model');
-- A model still converting cannot be shared.
select tests.assert_fails(format($$select public.share_generation(%L)$$, (select id from made where name = 'running')),
  '23505', 'only a finished model can be shared');
select tests.assert_equal((public.set_share_downloads((select id from made where name = 'done'), true)).allow_downloads,
  true, 'the owner turns downloads on');
-- Nobody writes the table directly, not even the owner.
select tests.assert_fails($$update public.model_shares set revoked_at = null$$, '42501', 'owner cannot update shares');
select tests.assert_fails(format($$insert into public.model_shares (generation_id, user_id, slug)
  values (%L, %L, 'aaaaaaaaaaaaaaaaaaaaaaaa')$$, (select id from made where name = 'done'), (select owner from ids)),
  '42501', 'owner cannot insert a chosen slug');
-- The page's read path is the service's, not the user's.
select tests.assert_fails(format($$select * from public.shared_model(%L)$$, (select slug from slugs where name = 'first')),
  '42501', 'users do not call the public read path directly');
reset role;

-- Another user, and an admin, neither see nor change the share; anonymous callers do nothing at all.
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from public.model_shares)::int, 0, 'another user reads no shares');
select tests.assert_fails(format($$select public.share_generation(%L)$$, (select id from made where name = 'done')),
  'P0002', 'another user cannot share it');
select tests.assert_fails(format($$select public.set_share_downloads(%L, false)$$, (select id from made where name = 'done')),
  'P0002', 'another user cannot switch downloads');
select tests.assert_fails(format($$select public.revoke_share(%L)$$, (select id from made where name = 'done')),
  'P0002', 'another user cannot revoke it');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from public.model_shares)::int, 0, 'an admin reads no shares either');
reset role;
select tests.authenticate_anon();
select tests.assert_fails('select count(*) from public.model_shares', '42501', 'anon cannot read shares');
select tests.assert_fails(format($$select * from public.shared_model(%L)$$, (select slug from slugs where name = 'first')),
  '42501', 'anon cannot call the read path directly');
select tests.assert_fails(format($$select public.share_generation(%L)$$, (select id from made where name = 'done')),
  '42501', 'anon cannot share');
reset role;

-- The public read path: exactly the page's fields, nothing of the account.
select tests.assert_equal(
  (select string_agg(key, ',' order by key) from public.shared_model((select slug from slugs where name = 'first')) m,
          jsonb_each(to_jsonb(m))),
  'allow_downloads,kind,outputs,shared_at,slug,topology', 'the read path has only the page''s fields');
select tests.assert_equal((select kind || ':' || allow_downloads from public.shared_model((select slug from slugs where name = 'first'))),
  'video:true', 'a live share reads');
select tests.assert_equal((select count(*) from public.shared_model('AAAAAAAAAAAAAAAAAAAAAAAA'))::int, 0, 'an unknown slug reads nothing');

-- Revoking ends the link at once; sharing again gives a new slug, the old one stays dead.
select tests.authenticate_as((select owner from ids));
select tests.assert_equal(public.revoke_share((select id from made where name = 'done')), true, 'the owner revokes');
select tests.assert_equal(public.revoke_share((select id from made where name = 'done')), false, 'revoking twice changes nothing');
select tests.assert_fails(format($$select public.set_share_downloads(%L, true)$$, (select id from made where name = 'done')),
  'P0002', 'a revoked share has no downloads switch');
reset role;
select tests.assert_equal((select count(*) from public.shared_model((select slug from slugs where name = 'first')))::int, 0,
  'a revoked slug reads nothing');
select tests.authenticate_as((select owner from ids));
insert into slugs select 'second', (public.share_generation((select id from made where name = 'done'))).slug;
reset role;
select tests.assert_equal((select count(distinct slug) from slugs)::int, 2, 're-sharing gives a new slug');
select tests.assert_equal((select count(*) from public.shared_model((select slug from slugs where name = 'first')))::int, 0,
  'the old slug stays dead');
select tests.assert_equal((select count(*) from public.shared_model((select slug from slugs where name = 'second')))::int, 1,
  'the new slug reads');
select tests.assert_equal((select allow_downloads from public.shared_model((select slug from slugs where name = 'second'))),
  false, 'a new share starts with downloads off');

-- A deleted model's link is dead too.
select tests.authenticate_as((select owner from ids));
select public.delete_generation((select id from made where name = 'done'));
reset role;
select tests.assert_equal((select count(*) from public.shared_model((select slug from slugs where name = 'second')))::int, 0,
  'a deleted model is no longer shared');
