-- On a hosted project PostgREST exposes `public`, and Supabase's default privileges grant EXECUTE on every
-- new function there to anon and authenticated. Trigger functions are internals: nobody calls them,
-- triggers fire whatever the caller's privileges, so they are revoked from the API roles. What stays
-- callable is pinned by supabase/tests/data_api_surface.test.sql.
revoke execute on function public.touch_updated_at() from public, anon, authenticated;
revoke execute on function public.handle_new_user() from public, anon, authenticated;
revoke execute on function public.handle_user_updated() from public, anon, authenticated;
revoke execute on function public.check_profile_email() from public, anon, authenticated;
revoke execute on function public.credit_ledger_is_append_only() from public, anon, authenticated;
revoke execute on function public.profiles_guard_credits() from public, anon, authenticated;
revoke execute on function public.credit_packs_keep_archived() from public, anon, authenticated;
revoke execute on function public.settings_check_value() from public, anon, authenticated;
