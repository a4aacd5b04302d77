-- Every storage key a SQL function accepts is proven the caller's, in SQL. Called as `authenticated` (the
-- way the Data API calls them on hosted Supabase), create_generation, create_generations,
-- create_free_generation and add_generation_view took any key: another user's photo or result could be
-- named as one's own input, and deleting one's generation then deleted the other user's object.
--
-- Rules:
-- - A key is proven when public.direct_uploads holds it for the caller, unclaimed and unswept: either a
--   presigned upload handed out by POST /api/uploads (`uploads/<user id>/<random>.<ext>`, source 'direct'),
--   or an image the api itself stored from a multipart body (`uploads/<random>.<ext>`, source 'api'),
--   recorded by the service role (record_api_uploads) before the object is written. Anything else (a
--   result under `generations/`, someone else's upload, a key never recorded, one already used) is refused
--   before any credit moves; one message for "someone else's" and "does not exist".
-- - Result keys come only from the worker (generation_complete is the service role's); nothing a caller
--   passes becomes an output.
-- - delete_generation returns only the objects this generation owns: its input and views when no other
--   generation or view names them, and outputs under `generations/<its id>/`. The api deletes exactly
--   those (it no longer reads the views' keys itself).
-- - The multipart path's records are swept like unclaimed direct uploads, so an object stored by an api
--   that died before the generation was created is deleted too (the worker's upload_sweep).
--
-- notes:
-- - Inserting a generation or view still claims the record (the triggers of 20261126140000); raw inserts
--   are the table owner's only (anon, authenticated have no insert), and test fixtures use them.
-- - An Idempotency-Key replay returns the earlier generation before the proof: the replayed request's key
--   (already claimed, or a fresh copy the api then deletes) is not needed.

alter table public.direct_uploads add column source text not null default 'direct'
  check (source in ('direct', 'api'));
alter table public.direct_uploads drop constraint direct_uploads_key_check;
alter table public.direct_uploads add constraint direct_uploads_key_check check (
  (source = 'direct' and key ~ '^uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]{3,4}$')
  or (source = 'api' and key ~ '^uploads/[A-Za-z0-9._-]{1,200}$' and key !~ '\.\.'));
comment on column public.direct_uploads.source is
  'direct: a presigned URL from POST /api/uploads; api: an image the api stored from a multipart body.';

-- The multipart path, before it writes the objects: records the keys as the caller's (auth.uid()), so the
-- generation functions can prove them and the sweep deletes them if no generation ever claims them.
create function public.record_api_uploads(p_keys text[], p_types text[], p_bytes integer[],
                                          p_purpose text default 'paid')
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_count integer;
begin
  if v_user is null then
    raise exception 'Please sign in to upload an image.' using errcode = '42501';
  end if;
  if p_keys is null or cardinality(p_keys) not between 1 and 40
     or cardinality(p_types) is distinct from cardinality(p_keys)
     or cardinality(p_bytes) is distinct from cardinality(p_keys) then
    raise exception 'Record 1 to 40 uploads, each with its type and size.' using errcode = '22023';
  end if;
  if p_purpose is null or p_purpose not in ('paid', 'free') then
    raise exception 'purpose must be paid or free.' using errcode = '22023';
  end if;
  insert into public.direct_uploads (key, user_id, purpose, content_type, declared_bytes, expires_at, source)
  select k, v_user, p_purpose, coalesce(nullif(t, ''), 'application/octet-stream'), greatest(coalesce(b, 1), 1),
         now() + interval '10 minutes', 'api'
    from unnest(p_keys, p_types, p_bytes) as u(k, t, b);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
revoke execute on function public.record_api_uploads(text[], text[], integer[], text) from public, anon, authenticated;
grant execute on function public.record_api_uploads(text[], text[], integer[], text) to service_role;

-- The proof: the key is an upload recorded for p_user, not used yet, not swept. Locks the record, so two
-- requests naming one key wait for each other (the second is then refused by the claim).
create function private.prove_upload(p_key text, p_user uuid) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_row public.direct_uploads;
begin
  select * into v_row from public.direct_uploads u where u.key = p_key for update;
  if not found or v_row.user_id is distinct from p_user or p_user is null then
    raise exception 'This image is not one of your uploads. Upload the image again.' using errcode = '22023';
  end if;
  if v_row.source = 'direct' and split_part(p_key, '/', 2) <> p_user::text then
    raise exception 'This image is not one of your uploads. Upload the image again.' using errcode = '22023';
  end if;
  if v_row.swept_at is not null then
    raise exception 'This upload has expired. Upload the image again.' using errcode = '22023';
  end if;
  if v_row.claimed_at is not null then
    raise exception 'This upload was already used for a conversion. Upload the image again.'
      using errcode = 'P0409';
  end if;
end;
$$;
revoke execute on function private.prove_upload(text, uuid) from public, anon, authenticated;

-- The preamble of the paid and free generation functions (20261125110000), with the proof.
create or replace function private.begin_generation(
  p_kind text, p_format text, p_topology text, p_input_key text,
  p_idempotency_key text, p_request_hash text, p_ip_hash text default null
) returns public.generations
language plpgsql
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.generations;
  v_max integer;
  v_running integer;
begin
  if v_user is null then
    raise exception 'Please sign in to generate a 3D model.' using errcode = '42501';
  end if;
  if p_kind is null or p_kind not in ('model', 'video') then
    raise exception 'kind must be model or video.' using errcode = '22023';
  end if;
  if p_format is null or p_format not in ('glb', 'gltf', 'obj', 'fbx', 'stl') then
    raise exception 'Please select a 3D format: glb, gltf, obj, fbx or stl.' using errcode = '22023';
  end if;
  if p_topology is null or p_topology not in ('low', 'high') then
    raise exception 'topology must be low or high.' using errcode = '22023';
  end if;
  if p_input_key is null or p_input_key = '' then
    raise exception 'An image is required.' using errcode = '22023';
  end if;
  if p_idempotency_key is not null and char_length(p_idempotency_key) not between 1 and 200 then
    raise exception 'Idempotency-Key must be 1 to 200 characters.' using errcode = '22023';
  end if;
  if p_request_hash is not null and char_length(p_request_hash) not between 1 and 128 then
    raise exception 'The request fingerprint must be 1 to 128 characters.' using errcode = '22023';
  end if;
  if p_ip_hash is not null and p_ip_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'The client address hash is malformed.' using errcode = '22023';
  end if;

  -- One creation per user at a time: makes the idempotency lookup and the in-flight count race-free.
  perform 1 from public.profiles p where p.id = v_user for update;
  if not found then
    raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
  end if;
  -- Free conversions also count per network: one creation per network at a time.
  if p_ip_hash is not null then
    perform pg_advisory_xact_lock(hashtextextended('free_generation:' || p_ip_hash, 0));
  end if;

  if p_idempotency_key is not null then
    select * into v_row from public.generations g
     where g.user_id = v_user and g.idempotency_key = p_idempotency_key;
    if found then
      if v_row.request_hash is distinct from p_request_hash
         and v_row.request_hash is not null and p_request_hash is not null then
        raise exception 'This Idempotency-Key was already used for a different request. Use a new key for new parameters or another image.'
          using errcode = 'P0422';
      end if;
      return v_row;
    end if;
  end if;

  -- A new generation: its image must be the caller's own upload, not yet used.
  perform private.prove_upload(p_input_key, v_user);

  v_max := public.setting_int('generation.max_in_flight', 3);
  select count(*) into v_running from public.generations g
   where g.user_id = v_user and g.status in ('queued', 'processing') and g.deleted_at is null;
  if v_running >= v_max then
    raise exception 'You already have % conversions running. Please wait for one to finish.', v_max
      using errcode = 'P0429';
  end if;
  return null;
end;
$$;

-- Extra views: the same proof (a replayed view, already written, changes nothing and proves nothing).
create or replace function public.add_generation_view(
  p_generation uuid, p_view text, p_key text, p_type text, p_bytes integer
) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to add views to a conversion.' using errcode = '42501';
  end if;
  if p_view is null or p_view not in ('right', 'back', 'left') then
    raise exception 'A view is right, back or left.' using errcode = '22023';
  end if;
  perform 1 from public.generations g
   where g.id = p_generation and g.user_id = auth.uid() and g.deleted_at is null
     and g.status = 'queued' and g.started_at is null
   for update;
  if not found then
    raise exception 'No queued conversion of yours with this id.' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.generation_views v where v.generation_id = p_generation and v.view = p_view) then
    return;
  end if;
  perform private.prove_upload(p_key, auth.uid());
  insert into public.generation_views (generation_id, view, input_key, input_type, input_bytes)
  values (p_generation, p_view, p_key, p_type, p_bytes);
end;
$$;

-- Whether a photo key is named only by this generation (as its input, or as the one view p_view).
create function private.only_user_of(p_key text, p_generation uuid, p_view text) returns boolean
language sql stable
set search_path = ''
as $$
  select starts_with(p_key, 'uploads/') and p_key !~ '\.\.'
     and not exists (select 1 from public.generations g where g.input_key = p_key and g.id <> p_generation)
     and not exists (select 1 from public.generation_views v
                      where v.input_key = p_key
                        and (v.generation_id <> p_generation or v.view is distinct from p_view))
$$;
revoke execute on function private.only_user_of(text, uuid, text) from public, anon, authenticated;

-- History delete (owner or admin; not while it runs). Returns the storage keys this generation owns:
-- {"input": key or null, "outputs": [...], "views": [...]}.
create or replace function public.delete_generation(p_id uuid) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.generations;
  v_views jsonb;
  v_outputs jsonb;
begin
  select * into v_row from public.generations g where g.id = p_id and g.deleted_at is null for update;
  if not found or (v_row.user_id is distinct from auth.uid() and not public.is_admin()) then
    raise exception 'No generation with this id.' using errcode = 'P0002';
  end if;
  if v_row.status in ('queued', 'processing') then
    raise exception 'This conversion is still running. Please wait for it to finish before deleting it.'
      using errcode = '23505';
  end if;
  update public.generations g set deleted_at = now() where g.id = p_id;
  -- A photo is this generation's alone when nothing else names it (keys written before the proof existed
  -- may be shared with another user's generation: those stay).
  select coalesce(jsonb_agg(v.input_key order by v.view), '[]'::jsonb) into v_views
    from public.generation_views v
   where v.generation_id = p_id and private.only_user_of(v.input_key, p_id, v.view);
  select coalesce(jsonb_agg(o.value ->> 'key'), '[]'::jsonb) into v_outputs
    from jsonb_each(v_row.outputs) o
   where jsonb_typeof(o.value -> 'key') = 'string'
     and starts_with(o.value ->> 'key', 'generations/' || p_id || '/')
     and o.value ->> 'key' !~ '\.\.';
  return jsonb_build_object(
    'input', case when private.only_user_of(v_row.input_key, p_id, null) then v_row.input_key end,
    'outputs', v_outputs,
    'views', v_views);
end;
$$;

