-- Share links: the owner makes a completed model public at /m/{slug}. The slug is the only key (138 random
-- bits, URL-safe), so it cannot be guessed; revoking ends it at once and a new share gets a new slug.
--
-- notes:
-- - Owners write shares only through the functions below (security definer, owner checked there); they read
--   their own rows through RLS. Nobody else reads the table.
-- - The public read path is shared_model(slug): callable by the service only (the api calls it for signed-out
--   visitors), and it returns only what the share page needs: no user id, e-mail, name, credits, prompt or
--   other models. The storage keys in `outputs` stay inside the api, which serves the files itself.
-- - A revoked row is kept (revoked_at set) so the old slug can never come back; one live share per model.
-- - Slug: one random uuid (122 random bits) and two more random bytes of another, base64url without padding
--   (24 characters); gen_random_bytes would need pgcrypto, which PGlite lacks.

create table public.model_shares (
  id uuid primary key default gen_random_uuid(),
  generation_id uuid not null references public.generations (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  slug text not null unique check (slug ~ '^[A-Za-z0-9_-]{24}$'),
  allow_downloads boolean not null default false,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
comment on table public.model_shares is 'Public links to completed models; written only by security-definer functions.';

create unique index model_shares_live_idx on public.model_shares (generation_id) where revoked_at is null;
create index model_shares_user_idx on public.model_shares (user_id);

alter table public.model_shares enable row level security;
revoke all on public.model_shares from public, anon, authenticated;
grant select on public.model_shares to authenticated;

create policy "owners can read the shares of their models" on public.model_shares
  for select to authenticated using (user_id = (select auth.uid()));

-- The caller's own completed model, locked so two share requests cannot both create a link.
create function public.owned_completed_generation(p_id uuid) returns public.generations
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.generations;
begin
  if auth.uid() is null then
    raise exception 'Please sign in to share a model.' using errcode = '42501';
  end if;
  select * into v_row from public.generations g
   where g.id = p_id and g.deleted_at is null and g.user_id = auth.uid()
   for update;
  if not found then
    raise exception 'No generation with this id.' using errcode = 'P0002';
  end if;
  return v_row;
end;
$$;
revoke execute on function public.owned_completed_generation(uuid) from public, anon, authenticated;

-- Share (or return the live share of) the caller's completed model.
create function public.share_generation(p_id uuid, p_allow_downloads boolean default false)
returns public.model_shares
language plpgsql security definer
set search_path = ''
as $$
declare
  v_gen public.generations := public.owned_completed_generation(p_id);
  v_share public.model_shares;
  v_slug text;
begin
  if v_gen.status <> 'completed' then
    raise exception 'Only a finished model can be shared. Please wait until it is completed.'
      using errcode = '23505';
  end if;
  select * into v_share from public.model_shares s where s.generation_id = p_id and s.revoked_at is null;
  if found then
    return v_share;
  end if;
  v_slug := translate(
    encode(uuid_send(gen_random_uuid()) || substring(uuid_send(gen_random_uuid()) from 1 for 2), 'base64'),
    '+/', '-_');
  insert into public.model_shares (generation_id, user_id, slug, allow_downloads)
  values (p_id, v_gen.user_id, v_slug, coalesce(p_allow_downloads, false))
  returning * into v_share;
  return v_share;
end;
$$;
revoke execute on function public.share_generation(uuid, boolean) from public, anon;
grant execute on function public.share_generation(uuid, boolean) to authenticated, service_role;

-- Turn downloads on the share page on or off.
create function public.set_share_downloads(p_id uuid, p_allow boolean) returns public.model_shares
language plpgsql security definer
set search_path = ''
as $$
declare
  v_gen public.generations := public.owned_completed_generation(p_id);
  v_share public.model_shares;
begin
  if p_allow is null then
    raise exception 'allowDownloads must be true or false.' using errcode = '22023';
  end if;
  update public.model_shares s set allow_downloads = p_allow
   where s.generation_id = v_gen.id and s.revoked_at is null
  returning * into v_share;
  if not found then
    raise exception 'This model is not shared.' using errcode = 'P0002';
  end if;
  return v_share;
end;
$$;
revoke execute on function public.set_share_downloads(uuid, boolean) from public, anon;
grant execute on function public.set_share_downloads(uuid, boolean) to authenticated, service_role;

-- Stop sharing: the link is dead from this commit on. True when a live share was revoked.
create function public.revoke_share(p_id uuid) returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  v_gen public.generations := public.owned_completed_generation(p_id);
begin
  update public.model_shares s set revoked_at = now()
   where s.generation_id = v_gen.id and s.revoked_at is null;
  return found;
end;
$$;
revoke execute on function public.revoke_share(uuid) from public, anon;
grant execute on function public.revoke_share(uuid) to authenticated, service_role;

-- The public read path (service only): a live share of a completed, undeleted model, or no row.
create function public.shared_model(p_slug text)
returns table (slug text, allow_downloads boolean, kind text, topology text, shared_at timestamptz,
               outputs jsonb)
language sql stable security definer
set search_path = ''
as $$
  select s.slug, s.allow_downloads, g.kind, g.topology, s.created_at, g.outputs
    from public.model_shares s
    join public.generations g on g.id = s.generation_id
   where s.slug = p_slug and s.revoked_at is null and g.deleted_at is null and g.status = 'completed'
$$;
revoke execute on function public.shared_model(text) from public, anon, authenticated;
grant execute on function public.shared_model(text) to service_role;
