-- Supabase Storage rules (20261125110100, uploads since 20261126140100): without a `storage` schema (the local stack) nothing is
-- installed; with Supabase's two Storage tables the bucket is private and each policy lets exactly its
-- role in. The tables below are the columns the policies use, as Supabase Storage defines them.
select tests.assert_equal(private.install_storage_rules(), false, 'no storage schema: nothing to install');

create schema storage;
create table storage.buckets (id text primary key, name text not null, public boolean default false);
create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  unique (bucket_id, name)
);
alter table storage.objects enable row level security;
grant usage on schema storage to anon, authenticated;
grant select, insert, update, delete on storage.objects to anon, authenticated;
insert into storage.buckets (id, name, public) values ('lift3d', 'lift3d', true), ('other', 'other', false);

select tests.assert_equal(private.install_storage_rules(), true, 'the rules are installed where Storage exists');
select tests.assert_equal((select public from storage.buckets where id = 'lift3d'), false, 'the bucket is private');
select tests.assert_equal(
  (select string_agg(policyname || ' (' || cmd || ' ' || array_to_string(roles, ',') || ')', '; ' order by policyname)
     from pg_policies where schemaname = 'storage' and tablename = 'objects'),
  'admins can read every file of the bucket (SELECT authenticated); '
  'users can read the files of their own generations (SELECT authenticated); '
  'users can read their own uploads (SELECT authenticated); '
  'users can upload into their own upload folder (INSERT authenticated)',
  'one policy per role and action, none for anon and none that writes results');

create temp table ids as
select tests.create_user('Owner') as owner, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin, gen_random_uuid() as mine, gen_random_uuid() as theirs,
       gen_random_uuid() as gone;
grant select on ids to anon, authenticated;
insert into public.generations (id, user_id, kind, format, topology, cost, input_key)
select mine, owner, 'model', 'glb', 'low', 0, 'uploads/a' from ids
union all select theirs, other, 'model', 'glb', 'low', 0, 'uploads/b' from ids
union all select gone, owner, 'model', 'glb', 'low', 0, 'uploads/c' from ids;
update public.generations set deleted_at = now() where id = (select gone from ids);
insert into storage.objects (bucket_id, name)
select 'lift3d', 'generations/' || mine || '/model.glb' from ids
union all select 'lift3d', 'generations/' || theirs || '/model.glb' from ids
union all select 'lift3d', 'generations/' || gone || '/model.glb' from ids
union all select 'lift3d', 'uploads/' || other || '/photo.png' from ids
union all select 'other', 'generations/' || mine || '/model.glb' from ids;

-- The owner reads the files of their generations (not deleted ones), nobody else's, nothing elsewhere.
select tests.authenticate_as((select owner from ids));
select tests.assert_equal((select string_agg(bucket_id || ':' || name, ',') from storage.objects),
  (select 'lift3d:generations/' || mine || '/model.glb' from ids), 'the owner sees their own result only');
-- ...and uploads into their own folder only, one level deep, only what POST /api/uploads handed out to them
-- (20261126140100): an unclaimed, unexpired direct_uploads record.
reset role;
create temp table issued as
select format('uploads/%s/%s.png', owner, gen_random_uuid()) as fresh,
       format('uploads/%s/%s.png', owner, gen_random_uuid()) as expired,
       format('uploads/%s/%s.png', owner, gen_random_uuid()) as claimed,
       format('uploads/%s/%s.png', owner, gen_random_uuid()) as never from ids;
grant select on issued to authenticated;
insert into public.direct_uploads (key, user_id, purpose, content_type, declared_bytes, created_at, expires_at, claimed_at)
select fresh, (select owner from ids), 'paid', 'image/png', 10, now(), now() + interval '5 minutes', null::timestamptz from issued
union all select expired, (select owner from ids), 'paid', 'image/png', 10, now() - interval '1 hour',
  now() - interval '55 minutes', null from issued
union all select claimed, (select owner from ids), 'paid', 'image/png', 10, now(), now() + interval '5 minutes', now()
  from issued;
select tests.authenticate_as((select owner from ids));
insert into storage.objects (bucket_id, name) select 'lift3d', fresh from issued;
select tests.assert_fails($$insert into storage.objects (bucket_id, name) select 'lift3d', never from issued$$, '42501',
  'not an object that was never handed out');
select tests.assert_fails($$insert into storage.objects (bucket_id, name) select 'lift3d', expired from issued$$, '42501',
  'not through an expired upload');
select tests.assert_fails($$insert into storage.objects (bucket_id, name) select 'lift3d', claimed from issued$$, '42501',
  'not over an upload a conversion already uses');
select tests.assert_equal((select count(*) from storage.objects where name like 'uploads/%')::int, 1, 'and reads their upload back');
select tests.assert_fails(format($$insert into storage.objects (bucket_id, name) values ('lift3d', 'uploads/%s/x.png')$$,
  (select other from ids)), '42501', 'not into another user''s folder');
select tests.assert_fails(format($$insert into storage.objects (bucket_id, name) values ('lift3d', 'uploads/%s/a/b.png')$$,
  (select owner from ids)), '42501', 'not into a subfolder');
select tests.assert_fails(format($$insert into storage.objects (bucket_id, name) values ('lift3d', 'generations/%s/model.glb')$$,
  (select mine from ids)), '42501', 'not among the results, not even their own');
select tests.assert_fails(format($$insert into storage.objects (bucket_id, name) values ('other', 'uploads/%s/x.png')$$,
  (select owner from ids)), '42501', 'not into another bucket');
do $$
declare
  v_changed integer;
begin
  update storage.objects set name = name;
  get diagnostics v_changed = row_count;
  if v_changed <> 0 then
    raise exception 'FAILED: the owner could rename % stored files', v_changed;
  end if;
end $$;
reset role;

-- Another user sees only their own upload; an admin sees every file of the bucket; anon sees nothing.
select tests.authenticate_as((select other from ids));
select tests.assert_equal((select count(*) from storage.objects where name like 'generations/%')::int, 1, 'the other user sees their own result');
select tests.assert_equal((select count(*) from storage.objects where name like 'uploads/%')::int, 1, 'and their own upload, not the owner''s');
reset role;
select tests.authenticate_as((select admin from ids));
select tests.assert_equal((select count(*) from storage.objects)::int, 5, 'an admin reads every file of the bucket, no other bucket');
reset role;
select tests.authenticate_anon();
select tests.assert_equal((select count(*) from storage.objects)::int, 0, 'anon reads nothing');
select tests.assert_fails(format($$insert into storage.objects (bucket_id, name) values ('lift3d', 'uploads/%s/x.png')$$,
  (select owner from ids)), '42501', 'anon uploads nothing');
reset role;

-- Nobody but the migration installs the rules.
select tests.authenticate_as((select admin from ids));
select tests.assert_fails('select private.install_storage_rules()', '42501', 'not callable by the API roles');
reset role;
