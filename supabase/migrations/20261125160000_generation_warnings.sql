-- Warnings of a completed generation: what the engine could not use as given, in words for the user (a
-- multi-view conversion whose back photo shows another object: "The back photo did not match; it was used
-- for colour only."). The worker writes them with the completion, in the same statement, so a completed
-- generation never shows warnings from another attempt and a failed one has none.
--
-- notes:
-- - Read through the generations' existing policies (the owner and admins); nobody but the worker's
--   service role writes them.
-- - At most 8 warnings of at most 300 characters each (the engine gives one per extra view).

alter table public.generations
  add column warnings text[] not null default '{}'
    check (cardinality(warnings) <= 8 and char_length(array_to_string(warnings, '')) <= 2400);
comment on column public.generations.warnings is
  'What the conversion could not use as given (e.g. a mismatched extra view); written by generation_complete.';

create function public.generation_complete(p_id uuid, p_worker text, p_outputs jsonb, p_warnings text[])
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  v_warnings text[];
begin
  select coalesce(array_agg(left(w, 300) order by n), '{}') into v_warnings
    from unnest(p_warnings) with ordinality as u(w, n)
   where w is not null and btrim(w) <> '' and n <= 8;
  update public.generations g
     set status = 'completed', stage = 'done', progress = 1, outputs = p_outputs, error = null,
         warnings = v_warnings, completed_at = now(), heartbeat_at = now()
   where g.id = p_id and g.status = 'processing' and g.worker_id = p_worker;
  return found;
end;
$$;
revoke execute on function public.generation_complete(uuid, text, jsonb, text[]) from public, anon, authenticated;
grant execute on function public.generation_complete(uuid, text, jsonb, text[]) to service_role;
