-- API keys for the public REST surface (/api/v1): a user creates up to 10 active keys in the profile's
-- Developers tab; a key acts as its owner, so the same SQL functions (create_generation, ...) charge credits.
--
-- notes:
-- - Only the SHA-256 of a key is stored (a key is 32 random bytes, so a plain hash is enough); the visible
--   prefix lets the owner tell keys apart. The secret is shown once, by the api, when it is created.
-- - Owners read their own rows (never the hash); every write goes through the functions below.
-- - api_key_authenticate is the api function's own door (service privileges): it finds the key by its hash,
--   counts the request in a fixed one-minute window per key and says whether it may go on. The api then
--   runs the request as the owner (role authenticated, sub = owner), exactly as for a browser session.

create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 80),
  prefix text not null check (prefix ~ '^l3d_[A-Za-z0-9]{8}$'),
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_user_created on public.api_keys (user_id, created_at desc);
comment on table public.api_keys is 'API keys of /api/v1 (SHA-256 only); written only by create_api_key, revoke_api_key and api_key_authenticate.';

alter table public.api_keys enable row level security;
revoke all on public.api_keys from anon, authenticated;
grant select (id, user_id, name, prefix, created_at, last_used_at, revoked_at) on public.api_keys to authenticated;
create policy "owners can read their own api keys" on public.api_keys
  for select to authenticated using (user_id = (select auth.uid()));

-- Requests per key and minute (fixed windows): the per-key rate limit, counted in the database so every
-- api instance shares it.
create table public.api_key_requests (
  key_id uuid not null references public.api_keys (id) on delete cascade,
  window_start timestamptz not null,
  requests integer not null check (requests >= 1),
  primary key (key_id, window_start)
);
alter table public.api_key_requests enable row level security;
revoke all on public.api_key_requests from anon, authenticated;

insert into public.settings (key, value, is_public) values ('api.requests_per_minute', '60', false)
on conflict (key) do nothing;

-- POST /api/api-keys: the api made the secret and hands in its hash and prefix. At most 10 active keys;
-- the profile row lock makes the count race-free.
create function public.create_api_key(p_name text, p_prefix text, p_key_hash text)
returns table (id uuid, name text, prefix text, created_at timestamptz)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_active integer;
  v_row public.api_keys;
begin
  if v_user is null then
    raise exception 'Please sign in to create an API key.' using errcode = '42501';
  end if;
  if p_name is null or char_length(btrim(p_name)) not between 1 and 80 then
    raise exception 'name must be 1 to 80 characters.' using errcode = '22023';
  end if;
  perform 1 from public.profiles p where p.id = v_user for update;
  if not found then
    raise exception 'Your account has no profile yet. Please sign in again.' using errcode = 'P0002';
  end if;
  select count(*) into v_active from public.api_keys k where k.user_id = v_user and k.revoked_at is null;
  if v_active >= 10 then
    raise exception 'You already have 10 active API keys. Revoke one before creating another.'
      using errcode = 'P0409';
  end if;
  insert into public.api_keys (user_id, name, prefix, key_hash)
  values (v_user, btrim(p_name), p_prefix, p_key_hash)
  returning * into v_row;
  return query select v_row.id, v_row.name, v_row.prefix, v_row.created_at;
end;
$$;
revoke execute on function public.create_api_key(text, text, text) from public, anon;
grant execute on function public.create_api_key(text, text, text) to authenticated;

-- DELETE /api/api-keys/:id: the owner revokes a key; it stops working at once. Revoking twice is a no-op.
create function public.revoke_api_key(p_id uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Please sign in to revoke an API key.' using errcode = '42501';
  end if;
  update public.api_keys k set revoked_at = coalesce(k.revoked_at, now())
   where k.id = p_id and k.user_id = auth.uid();
  if not found then
    raise exception 'No API key with this id.' using errcode = 'P0002';
  end if;
end;
$$;
revoke execute on function public.revoke_api_key(uuid) from public, anon;
grant execute on function public.revoke_api_key(uuid) to authenticated;

-- Every /api/v1 request: the key's owner and the rate limit state. No row: unknown or revoked key.
-- A refused request (over the limit) still counts, so hammering does not reopen the window.
create function public.api_key_authenticate(p_key_hash text)
returns table (key_id uuid, user_id uuid, request_limit integer, remaining integer, reset_at timestamptz,
               allowed boolean)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_key public.api_keys;
  v_limit integer := public.setting_int('api.requests_per_minute', 60);
  v_window timestamptz := to_timestamp(floor(extract(epoch from clock_timestamp()) / 60) * 60);
  v_count integer;
begin
  select * into v_key from public.api_keys k where k.key_hash = p_key_hash and k.revoked_at is null;
  if not found then
    return;
  end if;
  insert into public.api_key_requests as r (key_id, window_start, requests)
  values (v_key.id, v_window, 1)
  on conflict on constraint api_key_requests_pkey do update set requests = r.requests + 1
  returning r.requests into v_count;
  if v_count = 1 then
    -- A new window: the key's older windows are no longer needed.
    delete from public.api_key_requests r where r.key_id = v_key.id and r.window_start < v_window;
  end if;
  if v_count <= v_limit then
    update public.api_keys k set last_used_at = now() where k.id = v_key.id;
  end if;
  return query select v_key.id, v_key.user_id, v_limit, greatest(v_limit - v_count, 0),
                      v_window + interval '60 seconds', v_count <= v_limit;
end;
$$;
revoke execute on function public.api_key_authenticate(text) from public, anon, authenticated;
grant execute on function public.api_key_authenticate(text) to service_role;
