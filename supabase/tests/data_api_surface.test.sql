-- What the Data API (PostgREST on `public`) lets a browser call directly: every function in public that
-- anon or authenticated may execute, compared with the allow-list below. A new function granted to these
-- roles (Supabase's default privileges do that) fails here until it is revoked or added on purpose.
create temp table allowed (role text, fn text);
insert into allowed values
  -- RLS policies call it as the user.
  ('authenticated', 'is_admin()'),
  -- The api runs these as the caller; each checks auth.uid() / is_admin() itself.
  ('authenticated', 'add_generation_view(uuid,text,text,text,integer)'),
  ('authenticated', 'admin_add_credits(uuid,integer)'),
  ('authenticated', 'admin_analytics(text)'),
  ('authenticated', 'admin_backend_stats(text)'),
  ('authenticated', 'admin_delete_user(uuid)'),
  ('authenticated', 'admin_grant_credits(uuid,integer,text)'),
  ('authenticated', 'admin_set_admin(uuid,boolean)'),
  ('authenticated', 'admin_set_credits(uuid,integer)'),
  ('authenticated', 'cancel_generation(uuid)'),
  ('authenticated', 'create_api_key(text,text,text)'),
  ('authenticated', 'create_generation(text,text,text,text,text,integer,text,text)'),
  ('authenticated', 'create_generations(text,text,text,jsonb)'),
  ('authenticated', 'delete_generation(uuid)'),
  ('authenticated', 'name_generation_input(uuid,text)'),
  ('authenticated', 'resend_webhook_delivery(bigint)'),
  ('authenticated', 'revoke_api_key(uuid)'),
  ('authenticated', 'revoke_share(uuid)'),
  ('authenticated', 'request_model_video(uuid)'),
  -- The free preview and guided capture (each checks auth.uid() against the preview, shot or session).
  ('authenticated', 'capture_session_add_shot(uuid,uuid)'),
  ('authenticated', 'create_capture_session(text)'),
  ('authenticated', 'create_shot_check(text,text,text,integer,numeric)'),
  ('authenticated', 'mark_preview_converted(uuid,uuid)'),
  ('authenticated', 'rotate_webhook_secret()'),
  ('authenticated', 'save_webhook_endpoint(text,boolean)'),
  ('authenticated', 'send_webhook_test()'),
  ('authenticated', 'set_share_downloads(uuid,boolean)'),
  ('authenticated', 'share_generation(uuid,boolean)');

create temp table callable as
select r.role, replace(p.oid::regprocedure::text, 'public.', '') as fn
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  cross join (values ('anon'), ('authenticated')) as r(role)
 where n.nspname = 'public' and has_function_privilege(r.role, p.oid, 'execute');

select tests.assert_equal(
  (select coalesce(string_agg(role || ' ' || fn, ', ' order by role, fn), '') from callable
    where (role, fn) not in (select role, fn from allowed)),
  '',
  'functions callable through the Data API that are not on the allow-list');
select tests.assert_equal(
  (select coalesce(string_agg(role || ' ' || fn, ', ' order by role, fn), '') from allowed
    where (role, fn) not in (select role, fn from callable)),
  '',
  'allow-list entries that no longer exist or are not callable (keep the list exact)');
-- anon calls nothing directly.
select tests.assert_equal((select count(*) from callable where role = 'anon')::int, 0, 'anon can execute no public function');
