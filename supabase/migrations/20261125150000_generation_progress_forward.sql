-- Progress never goes backwards within an attempt: the bar the owner watches (studio, My models) is one
-- combined fraction over the whole job, so a write below what is stored (a late write, a step that starts
-- its own count again) keeps the stored value. The stage still follows the worker. A new attempt
-- (generation_start after a retry) starts again from 0 as before; the studio holds its bar meanwhile.
create or replace function public.generation_progress(p_id uuid, p_worker text, p_stage text, p_progress real)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.generations g
     set stage = coalesce(left(p_stage, 40), g.stage),
         progress = greatest(g.progress, coalesce(least(1, greatest(0, p_progress)), g.progress)),
         heartbeat_at = now()
   where g.id = p_id and g.status = 'processing' and g.worker_id = p_worker;
  return found;
end;
$$;

revoke execute on function public.generation_progress(uuid, text, text, real) from public, anon, authenticated;
grant execute on function public.generation_progress(uuid, text, text, real) to service_role;
