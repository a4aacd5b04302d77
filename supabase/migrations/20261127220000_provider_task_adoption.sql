-- A hosted task belongs to one generation, and a task found again by listing the service's tasks (after a
-- create whose answer was lost) is adopted only when it can be no one else's.
--
-- Without the first rule a worker that reconciles through the service's list could hand one user the
-- model another user paid for. Without the second, two generations that both lost their create's answer
-- at the same time could each take the other's task. The worker calls generation_provider_adopt with
-- every task the service listed in the window of its own ask; the function answers:
--   adopted   — exactly one listed task is held by no generation and no other ask of this backend was in
--               flight in the window: it is stored as this generation's task (fenced like
--               generation_provider_task);
--   none      — every listed task is another generation's (or none was listed): the create made nothing;
--   ambiguous — several unheld tasks, or another generation's ask in the window could own the one found:
--               not guessing, the generation fails or falls back with its one refund.

create unique index generations_provider_task_once
  on public.generations (backend, provider_task_id)
  where provider_task_id is not null;

create function public.generation_provider_adopt(p_id uuid, p_worker text, p_backend text,
                                                 p_candidates text[], p_since timestamptz)
returns table (outcome text, task_id text)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_free text[];
  v_row public.generations;
begin
  select g.* into v_row
    from public.generations g
   where g.id = p_id and g.status = 'processing' and g.worker_id = p_worker
   for update;
  if not found then
    return;
  end if;
  if v_row.provider_task_id is not null then
    return query select 'adopted'::text, v_row.provider_task_id;
    return;
  end if;
  select coalesce(array_agg(c), '{}') into v_free
    from unnest(coalesce(p_candidates, '{}')) as c
   where not exists (select 1 from public.generations g
                      where g.backend = p_backend and g.provider_task_id = c);
  if cardinality(v_free) = 0 then
    return query select 'none'::text, null::text;
    return;
  end if;
  if cardinality(v_free) > 1 or exists (
       select 1 from public.generations g
        where g.id <> p_id and g.backend = p_backend and g.provider_task_id is null
          and g.provider_submitting_at >= p_since) then
    return query select 'ambiguous'::text, null::text;
    return;
  end if;
  update public.generations g
     set provider_task_id = v_free[1], provider_submitted_at = now(), heartbeat_at = now()
   where g.id = p_id;
  return query select 'adopted'::text, v_free[1];
exception when unique_violation then
  -- Another generation stored the same task between our check and our update.
  return query select 'none'::text, null::text;
end;
$$;

revoke execute on function public.generation_provider_adopt(uuid, text, text, text[], timestamptz)
  from public, anon, authenticated;
grant execute on function public.generation_provider_adopt(uuid, text, text, text[], timestamptz)
  to service_role;
