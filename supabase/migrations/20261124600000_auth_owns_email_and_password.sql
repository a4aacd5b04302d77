-- E-mail addresses and passwords belong to Supabase Auth. An e-mail change goes through
-- `updateUser({ email })`, which mails both addresses and applies the change only when both confirmed
-- (double_confirm_changes); the profile follows auth.users through `handle_user_updated`. Writing the
-- profile's e-mail used to reach auth.users directly, marking an address nobody confirmed as the sign-in
-- address: that path is closed. Passwords change through `updateUser({ password, current_password })`,
-- so Supabase's password policy and leaked-password check apply; the hash helpers the api used go away.
drop trigger profiles_sync_email_to_auth on public.profiles;
drop function public.sync_profile_email_to_auth();
revoke update (email) on public.profiles from authenticated;

drop function public.replace_password_hash(uuid, text, text);
drop function public.password_hash_for_check(uuid);
drop function public.record_password_check(uuid, boolean);
drop function public.password_checks_left(uuid);
drop table public.password_check_failures;
