-- Payment orders (PayPal Orders v2, or the demo card form of the local stack) and the webhook events
-- that settle them. Price and credits are copied from public.credit_packs when the order is created;
-- completion credits the account exactly once per capture, through public.apply_credit_change with the
-- capture id as the ledger reference.
--
-- Order states: created → pending → completed | denied; created → completed | denied | review;
-- completed → refunded | reversed. `review`: the provider reported an amount or currency that differs
-- from the order (tampering or a misconfiguration); nothing is credited and an operator looks at it.

create table public.payment_orders (
  id uuid primary key default gen_random_uuid(),
  provider text not null check (provider in ('paypal', 'demo')),
  provider_order_id text check (char_length(provider_order_id) between 1 and 64),
  user_id uuid not null,
  pack_id text not null references public.credit_packs (id),
  credits integer not null check (credits > 0),
  amount_cents integer not null check (amount_cents > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  status text not null default 'created'
    check (status in ('created', 'pending', 'completed', 'denied', 'review', 'refunded', 'reversed')),
  capture_id text unique check (char_length(capture_id) between 1 and 64),
  -- What the provider reported when it differed from the order (status review).
  status_detail text check (char_length(status_detail) <= 500),
  credited_at timestamptz,
  reversed_credits integer not null default 0 check (reversed_credits >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider, provider_order_id)
);
comment on table public.payment_orders is 'Credit purchases; amounts in integer cents, copied from the pack at creation.';

create index payment_orders_user_id_idx on public.payment_orders (user_id, created_at desc);

alter table public.payment_orders enable row level security;
revoke all on public.payment_orders from public, anon, authenticated, service_role;
grant select on public.payment_orders to authenticated, service_role;

create policy "users can read their own orders" on public.payment_orders
  for select to authenticated using (user_id = (select auth.uid()));
create policy "admins can read every order" on public.payment_orders
  for select to authenticated using ((select public.is_admin()));

create trigger payment_orders_touch_updated_at before update on public.payment_orders
  for each row execute function public.touch_updated_at();

-- Provider webhook events, kept once each: a replayed event id is recognised and not processed again.
create table public.payment_events (
  id text primary key check (char_length(id) between 1 and 100),
  provider text not null check (provider in ('paypal', 'demo')),
  event_type text not null check (char_length(event_type) <= 100),
  resource_id text check (char_length(resource_id) <= 100),
  result jsonb,
  received_at timestamptz not null default now()
);

alter table public.payment_events enable row level security;
revoke all on public.payment_events from public, anon, authenticated, service_role;
grant select on public.payment_events to authenticated, service_role;
create policy "admins can read payment events" on public.payment_events
  for select to authenticated using ((select public.is_admin()));

-- The JSON shape the api function returns for an order.
create function public.payment_order_json(o public.payment_orders, p_credited boolean, p_balance integer)
returns jsonb
language sql immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', o.id, 'provider', o.provider, 'providerOrderId', o.provider_order_id, 'userId', o.user_id,
    'pack', o.pack_id, 'credits', o.credits, 'amountCents', o.amount_cents, 'currency', o.currency,
    'status', o.status, 'captureId', o.capture_id, 'credited', p_credited, 'balance', p_balance)
$$;
revoke execute on function public.payment_order_json(public.payment_orders, boolean, integer) from public, anon, authenticated;
grant execute on function public.payment_order_json(public.payment_orders, boolean, integer) to service_role;

-- A new order for a pack at the pack's stored price. Demo orders use their own id as the provider id;
-- PayPal orders get theirs from attach_provider_order once PayPal has answered.
create function public.create_payment_order(p_user uuid, p_pack text, p_provider text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_pack public.credit_packs;
  v_order public.payment_orders;
  v_recent integer;
begin
  if p_provider is null or p_provider not in ('paypal', 'demo') then
    raise exception 'Unknown payment provider "%".', coalesce(p_provider, 'null') using errcode = '22023';
  end if;
  perform 1 from public.profiles p where p.id = p_user;
  if not found then
    raise exception 'Please sign in to buy credits.' using errcode = '42501';
  end if;
  select * into v_pack from public.credit_packs c where c.id = lower(trim(p_pack)) and c.active;
  if not found then
    raise exception 'Unknown credit pack "%": choose starter, professional or enterprise.', coalesce(p_pack, '')
      using errcode = 'P0002';
  end if;
  -- Checkout pre-creates an order on every change; this bounds a runaway client, not a person.
  select count(*) into v_recent from public.payment_orders o
   where o.user_id = p_user and o.created_at > now() - interval '1 hour';
  if v_recent >= 60 then
    raise exception 'Too many checkout attempts. Please wait a few minutes and try again.' using errcode = 'P0429';
  end if;

  insert into public.payment_orders (provider, user_id, pack_id, credits, amount_cents, currency)
  values (p_provider, p_user, v_pack.id, v_pack.credits, v_pack.price_cents, v_pack.currency)
  returning * into v_order;
  if p_provider = 'demo' then
    update public.payment_orders o set provider_order_id = o.id::text where o.id = v_order.id
    returning * into v_order;
  end if;
  return public.payment_order_json(v_order, false, null)
    || jsonb_build_object('packName', v_pack.name);
end;
$$;
revoke execute on function public.create_payment_order(uuid, text, text) from public, anon, authenticated;
grant execute on function public.create_payment_order(uuid, text, text) to service_role;

create function public.attach_provider_order(p_order uuid, p_provider_order_id text) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.payment_orders o set provider_order_id = p_provider_order_id
   where o.id = p_order and (o.provider_order_id is null or o.provider_order_id = p_provider_order_id);
  if not found then
    raise exception 'Payment order % does not exist or already has another provider order.', p_order
      using errcode = 'P0002';
  end if;
end;
$$;
revoke execute on function public.attach_provider_order(uuid, text) from public, anon, authenticated;
grant execute on function public.attach_provider_order(uuid, text) to service_role;

-- Settles an order from what the provider reported for its capture. `p_user`: the caller of a capture
-- request (the order must be theirs); null for webhooks. Credits exactly once: the order row is locked,
-- the capture id is unique, and the ledger reference is the capture id.
create function public.complete_payment_order(
  p_provider text, p_provider_order_id text, p_capture_id text, p_capture_status text,
  p_amount_cents integer, p_currency text, p_user uuid
) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_status text := upper(coalesce(p_capture_status, ''));
  v_balance integer;
begin
  if p_capture_id is null or p_capture_id = '' then
    raise exception 'A capture id is required to settle an order.' using errcode = '22023';
  end if;
  select * into v_order from public.payment_orders o
   where o.provider = p_provider and o.provider_order_id = p_provider_order_id
  for update;
  if not found then
    raise exception 'No payment order % is known.', p_provider_order_id using errcode = 'P0002';
  end if;
  if p_user is not null and v_order.user_id <> p_user then
    raise exception 'This order belongs to another account.' using errcode = '42501';
  end if;
  if v_order.capture_id is not null and v_order.capture_id <> p_capture_id then
    raise exception 'Order % was already captured as %.', p_provider_order_id, v_order.capture_id
      using errcode = '23505';
  end if;
  -- Final states do not move again (refunds and reversals go through reverse_payment_order).
  if v_order.status in ('completed', 'denied', 'review', 'refunded', 'reversed') then
    select p.credits into v_balance from public.profiles p where p.id = v_order.user_id;
    return public.payment_order_json(v_order, false, v_balance);
  end if;

  if v_status = 'COMPLETED' then
    if p_amount_cents is distinct from v_order.amount_cents or p_currency is distinct from v_order.currency then
      update public.payment_orders o
         set status = 'review', capture_id = p_capture_id,
             status_detail = format('captured %s %s, expected %s %s', coalesce(p_amount_cents::text, '?'),
                                    coalesce(p_currency, '?'), v_order.amount_cents, v_order.currency)
       where o.id = v_order.id returning * into v_order;
      return public.payment_order_json(v_order, false, null);
    end if;
    v_balance := public.apply_credit_change(v_order.user_id, v_order.credits, 'purchase', p_capture_id);
    update public.payment_orders o
       set status = 'completed', capture_id = p_capture_id, credited_at = now()
     where o.id = v_order.id returning * into v_order;
    return public.payment_order_json(v_order, true, v_balance);
  elsif v_status = 'PENDING' then
    update public.payment_orders o set status = 'pending', capture_id = p_capture_id
     where o.id = v_order.id returning * into v_order;
  elsif v_status in ('DECLINED', 'DENIED', 'FAILED') then
    update public.payment_orders o set status = 'denied', capture_id = p_capture_id
     where o.id = v_order.id returning * into v_order;
  else
    raise exception 'Unknown capture status "%".', p_capture_status using errcode = '22023';
  end if;
  return public.payment_order_json(v_order, false, null);
end;
$$;
revoke execute on function public.complete_payment_order(text, text, text, text, integer, text, uuid) from public, anon, authenticated;
grant execute on function public.complete_payment_order(text, text, text, text, integer, text, uuid) to service_role;

-- Money went back to the buyer (refund) or was pulled back (reversal, chargeback): take the pack's credits
-- back with a compensating ledger row. Credits already spent cannot be taken; the shortfall is recorded
-- in status_detail (the ledger never goes negative). Idempotent per capture.
create function public.reverse_payment_order(p_capture_id text, p_kind text) returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_order public.payment_orders;
  v_balance integer;
  v_take integer;
begin
  if p_kind is null or p_kind not in ('refunded', 'reversed') then
    raise exception 'Reversal kind must be refunded or reversed.' using errcode = '22023';
  end if;
  select * into v_order from public.payment_orders o where o.capture_id = p_capture_id for update;
  if not found then
    raise exception 'No payment order has capture %.', p_capture_id using errcode = 'P0002';
  end if;
  if v_order.status in ('refunded', 'reversed') then
    return public.payment_order_json(v_order, false, null);
  end if;
  if v_order.status <> 'completed' then
    -- Nothing was credited (pending, denied, review): only the state changes.
    update public.payment_orders o set status = p_kind where o.id = v_order.id returning * into v_order;
    return public.payment_order_json(v_order, false, null);
  end if;

  select p.credits into v_balance from public.profiles p where p.id = v_order.user_id for update;
  v_take := least(v_order.credits, coalesce(v_balance, 0));
  if v_take > 0 then
    v_balance := public.apply_credit_change(v_order.user_id, -v_take, 'reversal', 'reversal:' || p_capture_id);
  end if;
  update public.payment_orders o
     set status = p_kind, reversed_credits = v_take,
         status_detail = case when v_take < v_order.credits
           then format('%s of %s credits were already spent and could not be taken back',
                       v_order.credits - v_take, v_order.credits) end
   where o.id = v_order.id returning * into v_order;
  return public.payment_order_json(v_order, false, v_balance);
end;
$$;
revoke execute on function public.reverse_payment_order(text, text) from public, anon, authenticated;
grant execute on function public.reverse_payment_order(text, text) to service_role;

-- Records a webhook event once; false when the id was seen before (a replay), so it is not processed twice.
create function public.record_payment_event(p_id text, p_provider text, p_type text, p_resource_id text)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.payment_events (id, provider, event_type, resource_id)
  values (p_id, p_provider, p_type, p_resource_id)
  on conflict (id) do nothing;
  return found;
end;
$$;
revoke execute on function public.record_payment_event(text, text, text, text) from public, anon, authenticated;
grant execute on function public.record_payment_event(text, text, text, text) to service_role;

create function public.set_payment_event_result(p_id text, p_result jsonb) returns void
language sql security definer
set search_path = ''
as $$
  update public.payment_events set result = p_result where id = p_id
$$;
revoke execute on function public.set_payment_event_result(text, jsonb) from public, anon, authenticated;
grant execute on function public.set_payment_event_result(text, jsonb) to service_role;
