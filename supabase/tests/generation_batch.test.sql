-- A batch of images is checked and charged by one function (create_generations): all items or none.
-- The paid and free functions share a helper in the `private` schema, which the API roles cannot reach.
create temp table ids as
select tests.create_user('Batcher') as owner, tests.create_user('Stranger') as other;
grant select on ids to anon, authenticated;
create temp table made (name text, n bigint, id uuid);
grant select, insert on made to authenticated;

select public.apply_credit_change((select owner from ids), 120, 'purchase', 'test:batch-credits');
-- The images the api stored for the owner (the functions accept only recorded uploads).
select tests.upload((select owner from ids), 'uploads/' || k)
  from unnest(array['b1', 'b2', 'b3', 'c1', 'c2', 'd1', 'd2', 'e1', 'e2', 'f1', 'f2']) k;

-- Three images at 50 need 150: refused up front with the whole batch's need; nothing is written.
select tests.authenticate_as((select owner from ids));
do $$
begin
  perform public.create_generations('model', 'glb', 'low',
    '[{"key": "uploads/b1", "type": "image/png", "bytes": 10},
      {"key": "uploads/b2", "type": "image/png", "bytes": 10},
      {"key": "uploads/b3", "type": "image/png", "bytes": 10}]');
  raise exception 'FAILED: a batch over the balance was accepted';
exception when sqlstate 'P0402' then
  if sqlerrm <> 'Not enough credits: these 3 images need 150 credits and you have 120.' then
    raise exception 'FAILED: unexpected 402 message: %', sqlerrm;
  end if;
end $$;
select tests.assert_equal((select count(*) from public.generations)::int, 0, 'the refused batch left no row');
select tests.assert_equal((select credits from public.profiles where id = auth.uid()), 120, 'the refused batch charged nothing');

-- Two images: both created in the order given, each charged once with its own ledger row.
insert into made select 'batch', g.ordinality, g.id
  from public.create_generations('model', 'fbx', 'high',
    '[{"key": "uploads/c1", "type": "image/png", "bytes": 11, "idempotency_key": "b:1", "request_hash": "h1"},
      {"key": "uploads/c2", "type": "image/jpeg", "bytes": 12, "idempotency_key": "b:2", "request_hash": "h2"}]')
       with ordinality as g;
select tests.assert_equal((select count(*) from made where name = 'batch')::int, 2, 'two generations');
select tests.assert_equal(
  (select string_agg(g.input_key || ' ' || g.input_type || ' ' || g.input_bytes || ' ' || g.format || ' ' || g.topology, ', ' order by m.n)
     from made m join public.generations g on g.id = m.id where m.name = 'batch'),
  'uploads/c1 image/png 11 fbx high, uploads/c2 image/jpeg 12 fbx high', 'items are created in order with their own files');
select tests.assert_equal((select credits from public.profiles where id = auth.uid()), 20, '100 credits were spent');
select tests.assert_equal((select count(*) from public.credit_ledger where reason = 'generation')::int, 2, 'one charge per image');

-- The same batch again (same keys): the same generations, no charge, even though 20 credits cover neither.
select tests.assert_equal(
  (select string_agg(g.id::text, ',' order by g.ordinality)
     from public.create_generations('model', 'fbx', 'high',
       '[{"key": "uploads/d1", "type": "image/png", "bytes": 11, "idempotency_key": "b:1", "request_hash": "h1"},
         {"key": "uploads/d2", "type": "image/jpeg", "bytes": 12, "idempotency_key": "b:2", "request_hash": "h2"}]')
          with ordinality as g),
  (select string_agg(id::text, ',' order by n) from made where name = 'batch'), 'a replayed batch returns its generations');
select tests.assert_equal((select credits from public.profiles where id = auth.uid()), 20, 'the replay charged nothing');
-- The same keys with another image are refused as a whole.
select tests.assert_fails($$select public.create_generations('model', 'fbx', 'high',
  '[{"key": "uploads/e1", "type": "image/png", "bytes": 11, "idempotency_key": "b:1", "request_hash": "h1"},
    {"key": "uploads/e2", "type": "image/png", "bytes": 12, "idempotency_key": "b:2", "request_hash": "other"}]')$$,
  'P0422', 'a replay with another image is refused');

-- Malformed batches are refused before anything is locked or charged.
select tests.assert_fails($$select public.create_generations('model', 'glb', 'low', '[]')$$, '22023', 'an empty batch');
select tests.assert_fails($$select public.create_generations('model', 'glb', 'low', '{"key": "uploads/x"}')$$, '22023', 'not an array');
select tests.assert_fails($$select public.create_generations('model', 'glb', 'low',
  (select jsonb_agg(jsonb_build_object('key', 'uploads/m' || i)) from generate_series(1, 11) i))$$, '22023', 'more than 10 images');
select tests.assert_fails($$select public.create_generations('model', 'glb', 'low', '[{"type": "image/png"}]')$$, '22023', 'an item without a key');
select tests.assert_fails($$select public.create_generations('model', 'glb', 'low', '[{"key": "uploads/x", "bytes": "10"}]')$$, '22023', 'a size that is not a number');
select tests.assert_fails($$select public.create_generations('model', 'dae', 'low', '[{"key": "uploads/x"}]')$$, '22023', 'an unknown format');
reset role;

-- All or nothing: when an item after the first is refused (here the in-flight limit), the first is undone.
update public.settings set value = '3' where key = 'generation.max_in_flight';
select public.apply_credit_change((select owner from ids), 200, 'purchase', 'test:batch-more');
select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select public.create_generations('model', 'glb', 'low',
  '[{"key": "uploads/f1"}, {"key": "uploads/f2"}]')$$, 'P0429', 'the third conversion in flight is refused');
select tests.assert_equal((select count(*) from public.generations)::int, 2, 'the first image of the refused batch was undone');
select tests.assert_equal((select credits from public.profiles where id = auth.uid()), 220, 'and its charge with it');
reset role;

-- Others and anonymous callers.
select tests.authenticate_as((select other from ids));
select tests.assert_fails($$select public.create_generations('model', 'glb', 'low', '[{"key": "uploads/g1"}, {"key": "uploads/g2"}]')$$,
  'P0402', 'a user without credits gets nothing');
select tests.assert_equal((select count(*) from public.generations)::int, 0, 'and sees none of the owner''s generations');
reset role;
select tests.authenticate_anon();
select tests.assert_fails($$select public.create_generations('model', 'glb', 'low', '[{"key": "uploads/h1"}]')$$,
  '42501', 'anon cannot create generations');
reset role;

-- The shared helper is out of reach of the API roles, whatever their claims.
select tests.authenticate_as((select owner from ids));
select tests.assert_fails($$select private.begin_generation('model', 'glb', 'low', 'uploads/i', null, null)$$,
  '42501', 'a signed-in user cannot call the private helper');
reset role;
select tests.assert_equal(has_schema_privilege('authenticated', 'private', 'usage'), false, 'authenticated has no usage on private');
select tests.assert_equal(has_schema_privilege('anon', 'private', 'usage'), false, 'anon has no usage on private');
select tests.assert_equal(
  (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'private' and (has_function_privilege('anon', p.oid, 'execute')
                                     or has_function_privilege('authenticated', p.oid, 'execute')))::int,
  0, 'no private function is executable by the API roles');

-- One rule for conversions at once: each image of a batch is one. A batch over the limit is refused up
-- front with the rule, not with "You already have 3 conversions running" when none runs.
select public.apply_credit_change((select other from ids), 1000, 'purchase', 'test:batch-rule');
select tests.upload((select other from ids), 'uploads/r' || n) from generate_series(1, 4) n;
select tests.authenticate_as((select other from ids));
do $$
begin
  perform public.create_generations('model', 'glb', 'low',
    (select jsonb_agg(jsonb_build_object('key', 'uploads/r' || n)) from generate_series(1, 4) n));
  raise exception 'FAILED: a batch over the in-flight limit was accepted';
exception when sqlstate 'P0429' then
  if sqlerrm <> 'At most 3 conversions can run at once, and each image of a batch is one: 0 running now, so at most 3 more can start. Please choose fewer images or wait for one to finish.' then
    raise exception 'FAILED: unexpected 429 message: %', sqlerrm;
  end if;
end $$;
select tests.assert_equal((select count(*) from public.generations)::int, 0, 'nothing of the refused batch was made');
select tests.assert_equal((select count(*) from public.create_generations('model', 'glb', 'low',
  (select jsonb_agg(jsonb_build_object('key', 'uploads/r' || n)) from generate_series(1, 3) n)))::int, 3,
  'a batch up to the limit is made');
reset role;
select tests.assert_equal((public.public_settings() ->> 'maxInFlight')::int, 3, 'the limit is public, for the studio');
