-- Downloads are named after the uploaded image (chair.glb, not lift3d-1a2b3c4d.glb). The api stores the
-- image's name without its extension, already cleaned of path parts and characters no file system takes;
-- storage keys stay random (the name never reaches storage). Null for conversions made before, which keep
-- their id-based names.
alter table public.generations
  add column input_name text check (char_length(input_name) between 1 and 120);
comment on column public.generations.input_name is
  'The uploaded image''s name without extension (cleaned by the api); names the downloads.';

-- The api names a conversion in the request that created it (as the caller): only the owner, only while
-- it is queued and not yet named. A replayed request gets its first name back, so this is a no-op then.
create function public.name_generation_input(p_generation uuid, p_name text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to name a conversion.' using errcode = '42501';
  end if;
  if p_name is null or char_length(btrim(p_name)) = 0 or char_length(p_name) > 120
     or p_name ~ '[[:cntrl:]/\\"]' then
    raise exception 'A conversion''s name is 1 to 120 characters without slashes, quotes or control characters.'
      using errcode = '22023';
  end if;
  update public.generations g
     set input_name = p_name
   where g.id = p_generation and g.user_id = auth.uid() and g.deleted_at is null
     and g.status = 'queued' and g.started_at is null and g.input_name is null;
  return found;
end;
$$;
revoke execute on function public.name_generation_input(uuid, text) from public, anon;
grant execute on function public.name_generation_input(uuid, text) to authenticated, service_role;
