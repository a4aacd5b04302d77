-- Accounts: admins edit every profile's name and e-mail; an e-mail change reaches auth.users (the address
-- people sign in with); password changes and admin deletes go through functions that check the caller.

-- Admins may update any profile, still only the columns granted in 20261122000100 (name, e-mail).
create policy "admins can update every profile" on public.profiles
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- E-mail addresses are stored the way the auth server looks them up (trimmed, lower case), must look like
-- an address, and must not belong to another account. Security definer: the caller cannot read auth.users.
create function public.check_profile_email() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  new.name := trim(new.name);
  if new.email is not distinct from old.email then
    return new;
  end if;
  new.email := lower(trim(new.email));
  if new.email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or char_length(new.email) > 255 then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  if exists (select 1 from auth.users u where u.email = new.email and u.id <> new.id) then
    raise exception 'That e-mail address is already used by another account.' using errcode = '23505';
  end if;
  return new;
end;
$$;

create trigger profiles_check_email before update of name, email on public.profiles
  for each row execute function public.check_profile_email();

-- The row-level policies above decide who may change a profile's e-mail; this trigger then carries the
-- change to auth.users (and the e-mail identity), so the new address is the one that signs in. The
-- reverse direction (auth → profile) is `handle_user_updated`; it finds nothing to change and stops.
create function public.sync_profile_email_to_auth() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update auth.users set email = new.email, updated_at = now()
   where id = new.id and email is distinct from new.email;
  update auth.identities
     set identity_data = identity_data || jsonb_build_object('email', new.email), updated_at = now()
   where user_id = new.id and provider = 'email';
  return new;
end;
$$;

create trigger profiles_sync_email_to_auth after update of email on public.profiles
  for each row when (new.email is distinct from old.email)
  execute function public.sync_profile_email_to_auth();

-- Passwords (POST /api/users/{id}/password and /set-password). The api function compares the current
-- password with the stored bcrypt hash itself (bcrypt is not available in every Postgres: PGlite has no
-- pgcrypto by default), so reading the hash is for the service only and is never granted to users.
create function public.password_hash_for_check(p_user uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select u.encrypted_password from auth.users u where u.id = p_user
$$;
revoke execute on function public.password_hash_for_check(uuid) from public, anon, authenticated;
grant execute on function public.password_hash_for_check(uuid) to service_role;

-- Replaces the caller's own password hash, only if it is still the one that was checked (`p_expected`,
-- null or '' for an account without a password): two concurrent changes cannot both win, and a set
-- cannot overwrite a password that appeared meanwhile.
create function public.replace_password_hash(p_user uuid, p_expected text, p_new_hash text) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or auth.uid() <> p_user then
    raise exception 'You can only change your own password.' using errcode = '42501';
  end if;
  if p_new_hash is null or p_new_hash !~ '^\$2[aby]\$[0-9]{2}\$[./A-Za-z0-9]{53}$' then
    raise exception 'The new password must be stored as a bcrypt hash.' using errcode = '22023';
  end if;
  update auth.users set encrypted_password = p_new_hash, updated_at = now()
   where id = p_user and coalesce(encrypted_password, '') = coalesce(p_expected, '');
  if not found then
    if not exists (select 1 from auth.users where id = p_user) then
      raise exception 'User not found.' using errcode = 'P0002';
    end if;
    raise exception 'Your password was changed meanwhile. Please reload and try again.' using errcode = '40001';
  end if;
end;
$$;
revoke execute on function public.replace_password_hash(uuid, text, text) from public, anon;
grant execute on function public.replace_password_hash(uuid, text, text) to authenticated, service_role;

-- Wrong current passwords are counted per account, so a stolen session cannot guess the password
-- offline-fast through the API (5 misses per 15 minutes, then 429).
create table public.password_check_failures (
  user_id uuid not null references auth.users (id) on delete cascade,
  failed_at timestamptz not null default now()
);
alter table public.password_check_failures enable row level security;
revoke all on public.password_check_failures from anon, authenticated;
create index password_check_failures_user_idx on public.password_check_failures (user_id, failed_at);

create function public.record_password_check(p_user uuid, p_ok boolean) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  delete from public.password_check_failures where failed_at < now() - interval '15 minutes';
  if p_ok then
    delete from public.password_check_failures where user_id = p_user;
  else
    insert into public.password_check_failures (user_id) values (p_user);
  end if;
end;
$$;
revoke execute on function public.record_password_check(uuid, boolean) from public, anon, authenticated;
grant execute on function public.record_password_check(uuid, boolean) to service_role;

create function public.password_checks_left(p_user uuid) returns integer
language sql stable security definer
set search_path = ''
as $$
  select greatest(0, 5 - count(*)::int) from public.password_check_failures
   where user_id = p_user and failed_at > now() - interval '15 minutes'
$$;
revoke execute on function public.password_checks_left(uuid) from public, anon, authenticated;
grant execute on function public.password_checks_left(uuid) to service_role;

-- DELETE /api/admin/users/{id}: removes the auth user; the profile and sessions go with it (cascade).
create function public.admin_delete_user(p_user uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Administrator access is required.' using errcode = '42501';
  end if;
  if p_user = auth.uid() then
    raise exception 'You cannot delete your own account from the admin area.' using errcode = '22023';
  end if;
  delete from auth.users where id = p_user;
  if not found then
    raise exception 'User not found.' using errcode = 'P0002';
  end if;
end;
$$;
revoke execute on function public.admin_delete_user(uuid) from public, anon;
grant execute on function public.admin_delete_user(uuid) to authenticated, service_role;
