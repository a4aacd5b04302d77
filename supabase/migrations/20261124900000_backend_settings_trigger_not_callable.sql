-- The backend-settings check is a trigger function: triggers fire whatever the caller's privileges, so
-- the API roles need not (and through the Data API must not) execute it.
revoke execute on function public.settings_check_backend_value() from public, anon, authenticated;
