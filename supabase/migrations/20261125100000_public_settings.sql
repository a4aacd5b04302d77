-- The price of a conversion and the free studio's daily limit as the SPA shows them, read with the same
-- fallbacks the charging functions use (public.setting_int), so what a user is shown is what they pay.
-- The api serves it at GET /api/config; browsers do not call it through the data API.
create function public.public_settings() returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'generationCost', public.setting_int('generation.cost_credits', 50),
    'freeDailyLimit', public.setting_int('app66.daily_limit', 3)
  )
$$;
revoke execute on function public.public_settings() from public, anon, authenticated;
comment on function public.public_settings() is
  'Price and limits the SPA shows (GET /api/config); same fallbacks as the charging functions.';
