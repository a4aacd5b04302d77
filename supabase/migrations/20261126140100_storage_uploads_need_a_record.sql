-- The Storage API's upload door follows the rules of POST /api/uploads (20261126140000): a user may write
-- into their own upload folder only an object that was handed out to them there (a direct_uploads record,
-- unclaimed, unswept, its URL not expired). Without this, a signed-in user could fill the bucket through
-- the Storage API with their own token, past the upload limits and out of the sweep's sight (an object
-- with no record is never swept). The api and the workers use the S3 keys, which policies do not limit.
--
-- notes: install_storage_rules is replaced with the one changed policy, and the installed policies are
-- dropped and installed again where Supabase Storage exists (nothing happens on the local stack).

create or replace function private.install_storage_rules(p_bucket text default 'lift3d') returns boolean
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
        and split_part(name, '/', 3) <> '' and split_part(name, '/', 4) = ''
        and exists (select 1 from public.direct_uploads u
                     where u.key = name and u.user_id = (select auth.uid())
                       and u.claimed_at is null and u.swept_at is null and u.expires_at > now()))$p$,
      p_bucket);
  return true;
end;
$$;
revoke execute on function private.install_storage_rules(text) from public, anon, authenticated;

do $$
begin
  if to_regclass('storage.objects') is not null then
    drop policy if exists "users can read the files of their own generations" on storage.objects;
    drop policy if exists "admins can read every file of the bucket" on storage.objects;
    drop policy if exists "users can read their own uploads" on storage.objects;
    drop policy if exists "users can upload into their own upload folder" on storage.objects;
  end if;
end $$;
select private.install_storage_rules();
