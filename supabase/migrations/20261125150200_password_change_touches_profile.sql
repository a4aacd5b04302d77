-- Profile → Security shows "Last changed" from the profile's updatedAt (SPEC §2 Profile). A password
-- change replaced the hash in auth.users but left the profile untouched when the account already had a
-- password, so the date never moved. Now every new hash touches the profile (its updated_at trigger sets
-- the time), in the same transaction as the change.
create or replace function public.handle_user_updated() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.profiles
     set email = coalesce(new.email, email),
         has_password = coalesce(new.encrypted_password, '') <> ''
   where id = new.id
     and (email is distinct from coalesce(new.email, email)
          or has_password is distinct from (coalesce(new.encrypted_password, '') <> '')
          or new.encrypted_password is distinct from old.encrypted_password);
  return new;
end;
$$;

revoke execute on function public.handle_user_updated() from public, anon, authenticated;
