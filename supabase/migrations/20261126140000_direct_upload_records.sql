-- Direct uploads leave nothing behind and cannot be abused. Every presigned PUT URL that POST /api/uploads
-- hands out is recorded here with its expiry; the generation (or extra view) that names the object claims
-- the record in the same transaction; the worker's upload_sweep job deletes the objects of records nobody
-- claimed once their URL has expired and a grace period has passed, and marks them swept.
--
-- Rules:
-- - Issuing (issue_direct_upload, the api's only): a key in the caller's own folder; at most
--   `uploads.max_outstanding` (20) unclaimed, unexpired uploads per user and `uploads.per_minute` (30)
--   issued per minute; a paid upload needs the credits for one conversion, a free one a free conversion
--   left today (account and network), as far as can be known before the conversion is asked for.
-- - Claiming (triggers on generations and generation_views): an issued upload feeds one generation or one
--   view of the caller's, never after it was swept; a second use is refused (P0409). Keys that were not
--   issued here (the multipart path's `uploads/<uuid>.<ext>`) are not touched.
-- - Sweeping (take_unclaimed_uploads, mark_uploads_swept, the worker's): rows are taken with
--   `for update skip locked` inside the worker's transaction, so several workers never take the same row
--   and a claim waits for a sweep in progress (and is then refused, the object being gone). A row that a
--   generation or view references is never taken, whatever its claim says.
--
-- notes:
-- - The grace period is the worker's setting (UPLOAD_SWEEP_GRACE_SECONDS, at least 60 s there); SQL floors
--   it at 0, so nothing is taken before its recorded expiry. The URL is signed a moment after the record is
--   written, on the api's clock: the worker's minimum covers that and clock differences.
-- - user_id is set null when the account goes: the key still names the folder, and the sweep still runs.

create table public.direct_uploads (
  key text primary key check (
    key ~ '^uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]{3,4}$'),
  user_id uuid references public.profiles (id) on delete set null,
  purpose text not null check (purpose in ('paid', 'free')),
  content_type text not null check (char_length(content_type) between 1 and 100),
  declared_bytes integer not null check (declared_bytes > 0),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  claimed_at timestamptz,
  generation_id uuid,
  swept_at timestamptz,
  check (expires_at > created_at),
  check (claimed_at is null or swept_at is null)
);
comment on table public.direct_uploads is 'Presigned upload URLs handed out by POST /api/uploads: claimed by one generation, or swept by the worker after expiry plus a grace period.';

create index direct_uploads_user_idx on public.direct_uploads (user_id, created_at desc);
create index direct_uploads_unclaimed_idx on public.direct_uploads (expires_at)
  where claimed_at is null and swept_at is null;
-- The sweep's "no generation references it" check, and the invariant checks, look keys up.
create index if not exists generations_input_key_idx on public.generations (input_key);
create index if not exists generation_views_input_key_idx on public.generation_views (input_key);

alter table public.direct_uploads enable row level security;
revoke all on public.direct_uploads from public, anon, authenticated;
grant select on public.direct_uploads to authenticated;
create policy "users can read their own direct uploads" on public.direct_uploads
  for select to authenticated using (user_id = (select auth.uid()));

insert into public.settings (key, value, is_public) values
  ('uploads.max_outstanding', '20', false),
  ('uploads.per_minute', '30', false)
on conflict (key) do nothing;

-- POST /api/uploads, run by the api as the service role with the caller's claims (the free check needs the
-- network's hash, which only the api knows). Returns the recorded upload; the api then signs its URL.
create function public.issue_direct_upload(
  p_key text, p_purpose text, p_content_type text, p_bytes integer, p_ttl_seconds integer,
  p_ip_hash text default null
) returns public.direct_uploads
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_row public.direct_uploads;
  v_credits integer;
  v_cost integer;
  v_limit integer;
  v_count integer;
begin
  if v_user is null then
    raise exception 'Please sign in to upload an image.' using errcode = '42501';
  end if;
  if p_key is null or split_part(p_key, '/', 2) <> v_user::text then
    raise exception 'An upload must go into your own folder.' using errcode = '22023';
  end if;
  if p_purpose is null or p_purpose not in ('paid', 'free') then
    raise exception 'purpose must be paid or free.' using errcode = '22023';
  end if;
  if p_ttl_seconds is null or p_ttl_seconds not between 1 and 604800 then
    raise exception 'An upload URL lives from 1 second to 7 days.' using errcode = '22023';
  end if;
  if p_ip_hash is not null and p_ip_hash !~ '^[0-9a-f]{64}$' then
    raise exception 'The client address hash is malformed.' using errcode = '22023';
  end if;

  -- One issuance per user at a time, so that the counts below cannot be raced past.
  select p.credits into v_credits from public.profiles p where p.id = v_user for update;
  if not found then
    raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
  end if;

  if p_purpose = 'paid' then
    v_cost := public.setting_int('generation.cost_credits', 50);
    if v_credits < v_cost then
      raise exception 'Not enough credits: this needs % credits and you have %.', v_cost, v_credits
        using errcode = 'P0402';
    end if;
  else
    -- What is known before the conversion is asked for: today's uses of the account and the network.
    v_limit := public.setting_int('app66.daily_limit', 3);
    if v_limit <= 0 then
      raise exception 'Free conversions are paused today. Please use credits in the Studio.'
        using errcode = 'P0429';
    end if;
    if public.free_generations_used(v_user, null) >= v_limit then
      raise exception 'You have used your % free conversions for today. Come back tomorrow, or use credits in the Studio.',
        v_limit using errcode = 'P0429';
    end if;
    if p_ip_hash is not null
       and public.free_generations_used(null, p_ip_hash) >= public.setting_int('app66.daily_limit_per_ip', 10) then
      raise exception 'The free conversions for your network are used up for today. Come back tomorrow, or use credits in the Studio.'
        using errcode = 'P0429';
    end if;
  end if;

  v_limit := public.setting_int('uploads.per_minute', 30);
  select count(*) into v_count from public.direct_uploads u
   where u.user_id = v_user and u.created_at > now() - interval '1 minute';
  if v_count >= v_limit then
    raise exception 'You are uploading very fast: at most % images a minute. Please wait a minute and try again.',
      v_limit using errcode = 'P0429';
  end if;
  v_limit := public.setting_int('uploads.max_outstanding', 20);
  select count(*) into v_count from public.direct_uploads u
   where u.user_id = v_user and u.claimed_at is null and u.swept_at is null and u.expires_at > now();
  if v_count >= v_limit then
    raise exception 'You have % uploaded images waiting for a conversion. Start a conversion with them, or try again in a few minutes.',
      v_count using errcode = 'P0429';
  end if;

  insert into public.direct_uploads (key, user_id, purpose, content_type, declared_bytes, expires_at)
  values (p_key, v_user, p_purpose, p_content_type, p_bytes, now() + make_interval(secs => p_ttl_seconds))
  returning * into v_row;
  return v_row;
end;
$$;
revoke execute on function public.issue_direct_upload(text, text, text, integer, integer, text)
  from public, anon, authenticated;
grant execute on function public.issue_direct_upload(text, text, text, integer, integer, text) to service_role;

-- The claim, whoever inserts the generation or view: an issued upload of the owner's, not claimed before,
-- not swept. The row lock makes two requests naming one key wait for each other, and a sweep in progress
-- finish first.
create function public.claim_direct_upload(p_key text, p_user uuid, p_generation uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.direct_uploads;
begin
  select * into v_row from public.direct_uploads u where u.key = p_key for update;
  if not found then
    return; -- not issued by /api/uploads (the multipart path stores its own keys)
  end if;
  if v_row.user_id is distinct from p_user then
    raise exception 'This upload is not one of yours. Upload the image again.' using errcode = '22023';
  end if;
  if v_row.swept_at is not null then
    raise exception 'This upload has expired. Upload the image again.' using errcode = '22023';
  end if;
  if v_row.claimed_at is not null then
    raise exception 'This upload was already used for a conversion. Upload the image again.'
      using errcode = 'P0409';
  end if;
  update public.direct_uploads u set claimed_at = now(), generation_id = p_generation where u.key = p_key;
end;
$$;
revoke execute on function public.claim_direct_upload(text, uuid, uuid) from public, anon, authenticated;

create function public.generations_claim_direct_upload() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.claim_direct_upload(new.input_key, new.user_id, new.id);
  return new;
end;
$$;
revoke execute on function public.generations_claim_direct_upload() from public, anon, authenticated;
create trigger generations_claim_direct_upload after insert on public.generations
  for each row execute function public.generations_claim_direct_upload();

create function public.generation_views_claim_direct_upload() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform public.claim_direct_upload(
    new.input_key, (select g.user_id from public.generations g where g.id = new.generation_id), new.generation_id);
  return new;
end;
$$;
revoke execute on function public.generation_views_claim_direct_upload() from public, anon, authenticated;
create trigger generation_views_claim_direct_upload after insert on public.generation_views
  for each row execute function public.generation_views_claim_direct_upload();

-- The worker's sweep, step 1: up to p_limit unclaimed uploads whose URL expired more than p_grace_seconds
-- ago, locked for the caller's transaction (other workers skip them). The caller deletes their objects,
-- then marks them (step 2) before committing; if it dies, the rows are free again for the next sweep.
create function public.take_unclaimed_uploads(p_grace_seconds integer, p_limit integer default 100)
returns table (key text)
language sql security definer
set search_path = ''
as $$
  select u.key from public.direct_uploads u
   where u.claimed_at is null and u.swept_at is null
     and u.expires_at + make_interval(secs => greatest(coalesce(p_grace_seconds, 0), 0)) < now()
     and not exists (select 1 from public.generations g where g.input_key = u.key)
     and not exists (select 1 from public.generation_views v where v.input_key = u.key)
   order by u.expires_at
   limit least(greatest(coalesce(p_limit, 100), 1), 1000)
   for update of u skip locked;
$$;
revoke execute on function public.take_unclaimed_uploads(integer, integer) from public, anon, authenticated;
grant execute on function public.take_unclaimed_uploads(integer, integer) to service_role;

-- Step 2: the objects of these uploads are gone. Only unclaimed rows are marked (a claim cannot have come
-- in between: the caller holds their locks). Swept rows older than 30 days are forgotten.
create function public.mark_uploads_swept(p_keys text[]) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.direct_uploads u set swept_at = now()
   where u.key = any(p_keys) and u.claimed_at is null and u.swept_at is null;
  get diagnostics v_count = row_count;
  delete from public.direct_uploads u where u.swept_at < now() - interval '30 days';
  return v_count;
end;
$$;
revoke execute on function public.mark_uploads_swept(text[]) from public, anon, authenticated;
grant execute on function public.mark_uploads_swept(text[]) to service_role;
