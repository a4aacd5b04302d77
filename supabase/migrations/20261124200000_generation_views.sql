-- Extra views of a multi-view conversion: photos of the same object from its right side, back and left
-- side, besides the generation's main photo (generations.input_key). One generation, one price: the views
-- are written by the API in the same transaction that created the generation (create_generation), before
-- its job can start, through add_generation_view; the worker reads them with the generation.
--
-- notes:
-- - Only the owner adds views, only while the generation is still queued and not started (the job is
--   enqueued in the same transaction, so it cannot have begun); a view is added once (replays of the
--   same request change nothing).
-- - Rows go with their generation (on delete cascade); the files are the API's to delete.

create table public.generation_views (
  generation_id uuid not null references public.generations (id) on delete cascade,
  view text not null check (view in ('right', 'back', 'left')),
  input_key text not null check (char_length(input_key) between 1 and 300),
  input_type text not null check (char_length(input_type) between 1 and 100),
  input_bytes integer not null check (input_bytes >= 0),
  created_at timestamptz not null default now(),
  primary key (generation_id, view)
);
comment on table public.generation_views is 'Extra photos (right, back, left) of a multi-view generation; written only by add_generation_view.';

alter table public.generation_views enable row level security;
revoke all on public.generation_views from public, anon, authenticated;
grant select on public.generation_views to authenticated;

create policy "users can read the views of their own generations" on public.generation_views
  for select to authenticated using (
    exists (select 1 from public.generations g
             where g.id = generation_id and g.user_id = (select auth.uid()) and g.deleted_at is null));
create policy "admins can read the views of every generation" on public.generation_views
  for select to authenticated using ((select public.is_admin()));

create function public.add_generation_view(
  p_generation uuid, p_view text, p_key text, p_type text, p_bytes integer
) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to add views to a conversion.' using errcode = '42501';
  end if;
  if p_view is null or p_view not in ('right', 'back', 'left') then
    raise exception 'A view is right, back or left.' using errcode = '22023';
  end if;
  perform 1 from public.generations g
   where g.id = p_generation and g.user_id = auth.uid() and g.deleted_at is null
     and g.status = 'queued' and g.started_at is null
   for update;
  if not found then
    raise exception 'No queued conversion of yours with this id.' using errcode = 'P0002';
  end if;
  insert into public.generation_views (generation_id, view, input_key, input_type, input_bytes)
  values (p_generation, p_view, p_key, p_type, p_bytes)
  on conflict (generation_id, view) do nothing;
end;
$$;
revoke execute on function public.add_generation_view(uuid, text, text, text, integer) from public, anon;
grant execute on function public.add_generation_view(uuid, text, text, text, integer) to authenticated;
