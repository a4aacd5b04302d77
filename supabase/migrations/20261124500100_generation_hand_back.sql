-- A worker that is told to stop (SIGTERM: a deploy, a scale-down) and cannot finish its conversion within
-- its grace period hands the generation back: it is queued again at once with a fresh job, rather than
-- waiting out the lease, and the interrupted attempt does not count against its attempts (the stop was
-- ours, not the image's). Only the attempt that holds the generation (its token) can hand it back.
create function public.generation_hand_back(p_id uuid, p_worker text) returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.generations g
     set status = 'queued', stage = 'retrying', progress = 0, worker_id = null, heartbeat_at = now()
   where g.id = p_id and g.status = 'processing' and g.worker_id = p_worker and g.deleted_at is null;
  if not found then
    return false;
  end if;
  -- The running job is still locked by this worker: add_job then clears that job's key and adds a new
  -- one, which any worker (not this stopping one) will pick up.
  perform public.enqueue_generation(p_id);
  return true;
end;
$$;

revoke execute on function public.generation_hand_back(uuid, text) from public, anon, authenticated;
grant execute on function public.generation_hand_back(uuid, text) to service_role;
