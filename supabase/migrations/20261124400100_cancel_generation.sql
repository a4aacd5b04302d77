-- Cancel: the owner or an admin stops a queued or running conversion and gets its credits back once.
--
-- notes: the row goes to 'failed' through generation_fail (the one transition that refunds, guarded by the
-- status, so a cancel racing the worker's own failure or a second cancel refunds nothing more). A queued
-- job is removed from the queue; a running one is stopped by its worker, whose next heartbeat
-- (generation_progress) finds the row no longer its own and kills the engine process.

create function public.cancel_generation(p_id uuid) returns public.generations
language plpgsql security definer
set search_path = ''
as $$
declare
  v_row public.generations;
  v_by_admin boolean;
begin
  if auth.uid() is null then
    raise exception 'Please sign in to cancel a conversion.' using errcode = '42501';
  end if;
  select * into v_row from public.generations g where g.id = p_id and g.deleted_at is null for update;
  if not found or (v_row.user_id is distinct from auth.uid() and not public.is_admin()) then
    raise exception 'No generation with this id.' using errcode = 'P0002';
  end if;
  if v_row.status not in ('queued', 'processing') then
    raise exception 'This conversion has already finished, so it can no longer be cancelled.'
      using errcode = '23505';
  end if;
  v_by_admin := v_row.user_id is distinct from auth.uid();
  perform public.generation_fail(p_id, null,
    case when v_by_admin then 'Cancelled by an administrator.' else 'Cancelled.' end
    || case when v_row.cost > 0 then ' Your credits have been refunded.' else '' end);
  if v_row.status = 'queued' and to_regproc('graphile_worker.remove_job') is not null then
    -- Only an unlocked job is removed; one a worker just took ends quietly at generation_start.
    perform graphile_worker.remove_job('generation:' || p_id);
  end if;
  select * into v_row from public.generations g where g.id = p_id;
  return v_row;
end;
$$;
revoke execute on function public.cancel_generation(uuid) from public, anon;
grant execute on function public.cancel_generation(uuid) to authenticated, service_role;
