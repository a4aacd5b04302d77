-- A hosted backend is paid per task it creates, and none of Meshy, Tripo or fal documents an idempotency
-- key for its create call. A worker that dies after the service created the task but before the task id
-- was stored (generation_provider_task) would, on the next attempt, create and pay for a second task.
-- So the worker marks the generation just before it asks for a task; an attempt that finds the mark
-- without a task id does not ask again (the generation falls back to the built-in engine or is refunded,
-- as for any other provider failure).
--
-- notes:
-- - Listing the service's recent tasks cannot reliably tell which task was ours (the task objects do not
--   carry anything of the request we could match on), so the mark is not reconciled; at most one task
--   per generation is paid for, possibly without using its result.

alter table public.generations
  add column provider_submitting_at timestamptz;
comment on column public.generations.provider_submitting_at is
  'A worker asked the hosted service for a task at this time; with no provider_task_id the answer was lost.';

-- Fenced like generation_provider_task. True when this attempt may ask for a task (no earlier attempt
-- did, or the earlier one stored its task id); false when an earlier ask may have created a task whose id
-- was lost, and null when this worker no longer holds the generation.
create function public.generation_provider_submitting(p_id uuid, p_worker text, p_backend text)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  v_before timestamptz;
  v_task text;
begin
  select g.provider_submitting_at, g.provider_task_id into v_before, v_task
    from public.generations g
   where g.id = p_id and g.status = 'processing' and g.worker_id = p_worker
   for update;
  if not found then
    return null;
  end if;
  if v_task is not null or v_before is not null then
    return false;
  end if;
  update public.generations g
     set backend = coalesce(g.backend, p_backend), provider_submitting_at = now(), heartbeat_at = now()
   where g.id = p_id;
  return true;
end;
$$;

revoke execute on function public.generation_provider_submitting(uuid, text, text) from public, anon, authenticated;
grant execute on function public.generation_provider_submitting(uuid, text, text) to service_role;
