-- Supabase Storage: the private bucket `lift3d` (S3_BUCKET's default) and who may reach its files through
-- the Storage API with their own token (signed download URLs made by the owner, signed upload URLs into
-- the owner's upload folder). The api function and the worker use the bucket's S3 keys, which policies
-- do not limit; files are handed to browsers as short-lived presigned URLs (302 from the download routes).
--
-- notes:
-- - The local stack has no `storage` schema (files live on disk there), so the rules are installed by a
--   private function that does nothing without it; supabase/tests/storage_policies.test.sql builds the
--   two Storage tables and checks every policy as each role.
-- - Keys: `generations/<generation id>/<file>` (the worker's results), `uploads/<user id>/<file>` (a
--   user's own uploads). The bucket stays private: no policy for anon, none that writes results.

create function private.install_storage_rules(p_bucket text default 'lift3d') returns boolean
language plpgsql
set search_path = ''
as $$
begin
  if to_regclass('storage.buckets') is null or to_regclass('storage.objects') is null then
    return false;
  end if;
  insert into storage.buckets (id, name, public) values (p_bucket, p_bucket, false)
  on conflict (id) do update set public = false;

  execute format($p$
    create policy "users can read the files of their own generations" on storage.objects
      for select to authenticated using (
        bucket_id = %1$L and split_part(name, '/', 1) = 'generations'
        and exists (select 1 from public.generations g
                     where g.id::text = split_part(name, '/', 2)
                       and g.user_id = (select auth.uid()) and g.deleted_at is null))$p$, p_bucket);
  execute format($p$
    create policy "admins can read every file of the bucket" on storage.objects
      for select to authenticated using (bucket_id = %1$L and (select public.is_admin()))$p$, p_bucket);
  execute format($p$
    create policy "users can read their own uploads" on storage.objects
      for select to authenticated using (
        bucket_id = %1$L and split_part(name, '/', 1) = 'uploads'
        and split_part(name, '/', 2) = (select auth.uid())::text)$p$, p_bucket);
  execute format($p$
    create policy "users can upload into their own upload folder" on storage.objects
      for insert to authenticated with check (
        bucket_id = %1$L and split_part(name, '/', 1) = 'uploads'
        and split_part(name, '/', 2) = (select auth.uid())::text
        and split_part(name, '/', 3) <> '' and split_part(name, '/', 4) = '')$p$, p_bucket);
  return true;
end;
$$;
revoke execute on function private.install_storage_rules(text) from public, anon, authenticated;

select private.install_storage_rules();
