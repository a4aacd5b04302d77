-- Profile → Security and Activity show what happened, from records that prove it: when the password last
-- changed and when the name or e-mail last changed. `updated_at` moves with any write to the profile (a
-- credit, a purchase, an admin's edit), so it said "Password last changed" and "Profile updated" at times
-- neither happened.
--
-- notes: both columns are written only here (the API roles may update name and e-mail, nothing else).
-- Accounts older than this migration have no record of their last password change: it stays null, and
-- the page says so rather than guess.

alter table public.profiles
  add column password_changed_at timestamptz,
  add column details_changed_at timestamptz;
comment on column public.profiles.password_changed_at is
  'When the account''s password was last set or changed (a new hash in auth.users); null: not recorded.';
comment on column public.profiles.details_changed_at is
  'When the name or e-mail last changed; null: never since the account was created.';

-- A sign-up with a password sets it when the account is made.
create function public.record_profile_changes() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.has_password then
      new.password_changed_at := coalesce(new.password_changed_at, new.created_at);
    end if;
    new.details_changed_at := null;
  elsif new.name is distinct from old.name or new.email is distinct from old.email then
    new.details_changed_at := now();
  end if;
  return new;
end;
$$;
revoke execute on function public.record_profile_changes() from public, anon, authenticated;

create trigger profiles_record_changes before insert or update on public.profiles
  for each row execute function public.record_profile_changes();

-- The profile follows auth.users; a new password hash is the moment the password changed.
create or replace function public.handle_user_updated() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_new_hash boolean := new.encrypted_password is distinct from old.encrypted_password
                        and coalesce(new.encrypted_password, '') <> '';
begin
  update public.profiles
     set email = coalesce(new.email, email),
         has_password = coalesce(new.encrypted_password, '') <> '',
         password_changed_at = case when v_new_hash then now() else password_changed_at end
   where id = new.id
     and (email is distinct from coalesce(new.email, email)
          or has_password is distinct from (coalesce(new.encrypted_password, '') <> '')
          or v_new_hash);
  return new;
end;
$$;
revoke execute on function public.handle_user_updated() from public, anon, authenticated;
