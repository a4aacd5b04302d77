-- The closed sets of values (a generation's status, format, topology, kind and backend, a view's side, a
-- ledger reason, an order's provider and status, a message's kind, a webhook event's type and a delivery's
-- status, an upload's purpose and source) become named domains over text instead of a check on each
-- column. The rule is the same; it now has a name the type generator reads, so the generated database
-- types (supabase/functions/_shared/contract/database.ts) carry the values instead of `string`.
--
-- notes:
-- - Domains over text rather than enums: every function that compares these columns with a text argument
--   or variable keeps working unchanged (a domain compares as its base type), and a bad value is still a
--   check violation (23514), which the api already answers as 400. An enum would need every such function
--   restated.
-- - The values match @lift3d/contract's lists (MODEL_FORMATS, TOPOLOGIES, GENERATION_STATUSES, …);
--   local/test/db-types.test.ts compares them.
-- - Adding a value later: `alter domain … drop constraint …_check;` then `alter domain … add constraint
--   …_check check (…);` (see supabase/README.md).

create domain public.generation_status as text
  constraint generation_status_check check (value in ('queued', 'processing', 'completed', 'failed'));
create domain public.model_format as text
  constraint model_format_check check (value in ('glb', 'gltf', 'obj', 'fbx', 'stl'));
create domain public.topology as text
  constraint topology_check check (value in ('low', 'high'));
create domain public.generation_kind as text
  constraint generation_kind_check check (value in ('model', 'video'));
create domain public.view_name as text
  constraint view_name_check check (value in ('right', 'back', 'left'));
create domain public.generation_backend as text
  constraint generation_backend_check check (value in ('builtin', 'meshy', 'tripo', 'fal'));
create domain public.hosted_backend as text
  constraint hosted_backend_check check (value in ('meshy', 'tripo', 'fal'));
create domain public.generation_fallback as text
  constraint generation_fallback_check check (value in ('builtin', 'refund'));
create domain public.credit_reason as text
  constraint credit_reason_check check (value in ('purchase', 'generation', 'refund', 'admin', 'reversal'));
create domain public.payment_provider as text
  constraint payment_provider_check check (value in ('paypal', 'demo'));
create domain public.order_status as text
  constraint order_status_check
  check (value in ('created', 'pending', 'completed', 'denied', 'review', 'refunded', 'reversed'));
create domain public.message_kind as text
  constraint message_kind_check check (value in ('contact', 'waitlist', 'career'));
create domain public.webhook_event_type as text
  constraint webhook_event_type_check check (value in ('generation.completed', 'generation.failed', 'ping'));
create domain public.delivery_status as text
  constraint delivery_status_check check (value in ('pending', 'delivered', 'failed'));
create domain public.upload_purpose as text
  constraint upload_purpose_check check (value in ('paid', 'free'));
create domain public.upload_source as text
  constraint upload_source_check check (value in ('direct', 'api'));

-- Each column drops its own check (the domain's replaces it) and takes the domain; text to a domain over
-- text needs no rewrite of the rows, and the column's default stays.
-- A trigger whose definition names a column blocks the change: the webhook trigger (20261125130000) is
-- dropped and made again as it was.
drop trigger generations_webhook_event on public.generations;
alter table public.generations
  drop constraint generations_status_check, alter column status type public.generation_status,
  drop constraint generations_format_check, alter column format type public.model_format,
  drop constraint generations_topology_check, alter column topology type public.topology,
  drop constraint generations_kind_check, alter column kind type public.generation_kind,
  drop constraint generations_backend_check, alter column backend type public.generation_backend,
  drop constraint generations_fallback_check, alter column fallback type public.generation_fallback;
create trigger generations_webhook_event
  after update of status on public.generations
  for each row
  when (new.status in ('completed', 'failed') and old.status is distinct from new.status)
  execute function public.generation_webhook_event();
alter table public.generation_views
  drop constraint generation_views_view_check, alter column view type public.view_name;
alter table public.generation_provider_failures
  drop constraint generation_provider_failures_backend_check, alter column backend type public.hosted_backend;
alter table public.credit_ledger
  drop constraint credit_ledger_reason_check, alter column reason type public.credit_reason;
alter table public.payment_orders
  drop constraint payment_orders_provider_check, alter column provider type public.payment_provider,
  drop constraint payment_orders_status_check, alter column status type public.order_status;
alter table public.payment_events
  drop constraint payment_events_provider_check, alter column provider type public.payment_provider;
alter table public.messages
  drop constraint messages_kind_check, alter column kind type public.message_kind;
alter table public.webhook_events
  drop constraint webhook_events_type_check, alter column type type public.webhook_event_type;
alter table public.webhook_deliveries
  drop constraint webhook_deliveries_status_check, alter column status type public.delivery_status;
alter table public.direct_uploads
  drop constraint direct_uploads_purpose_check, alter column purpose type public.upload_purpose,
  drop constraint direct_uploads_source_check, alter column source type public.upload_source;

-- The worker's claim returns the event's type as the column's domain: its RETURN QUERY must match the
-- declared types exactly, and the generated types then carry the event types. A changed result type is a
-- drop and create (restated from 20261127100100, its latest definition; only the column's type changed).
drop function public.webhook_claim_delivery(bigint, uuid, integer);
create function public.webhook_claim_delivery(p_id bigint, p_token uuid, p_lease_seconds integer)
returns table (
  delivery_id bigint, attempts integer, event_id uuid, event_type public.webhook_event_type, event_data jsonb,
  event_created_at timestamptz, url text, secret text, enabled boolean
)
language plpgsql security definer
set search_path = ''
as $$
declare
  v_until timestamptz;
  v_attempt integer;
begin
  select e.paused_until, d.attempts + 1 into v_until, v_attempt
    from public.webhook_deliveries d
    join public.webhook_endpoints e on e.user_id = d.user_id
   where d.id = p_id and d.status = 'pending' and e.enabled and e.paused_until > now();
  if v_until is not null then
    update public.webhook_deliveries d set next_attempt_at = v_until where d.id = p_id;
    if to_regproc('graphile_worker.add_job') is not null then
      perform graphile_worker.add_job('deliver_webhook', json_build_object('id', p_id),
                                      queue_name := (select 'webhook:' || d.user_id
                                                       from public.webhook_deliveries d where d.id = p_id),
                                      run_at := v_until, max_attempts := 5,
                                      job_key := 'webhook:' || p_id || ':' || v_attempt || ':rest:'
                                                 || extract(epoch from v_until)::bigint);
    end if;
    return;
  end if;
  return query
  with claimed as (
    update public.webhook_deliveries d
       set claim_token = p_token, claim_until = now() + make_interval(secs => p_lease_seconds)
     where d.id = p_id and d.status = 'pending' and (d.claim_until is null or d.claim_until < now())
    returning d.id, d.attempts, d.event_id, d.user_id
  )
  select c.id, c.attempts, v.id, v.type, v.data, v.created_at, e.url, e.secret, coalesce(e.enabled, false)
    from claimed c
    join public.webhook_events v on v.id = c.event_id
    left join public.webhook_endpoints e on e.user_id = c.user_id;
end;
$$;
revoke execute on function public.webhook_claim_delivery(bigint, uuid, integer) from public, anon, authenticated;
