-- Admin dashboard figures (spec §3 "Analytics response") computed in one call. Only admins, checked from
-- the table. Money is reported in the orders' own currency (integer cents summed, returned as units).

create function public.admin_analytics(p_period text default 'all') returns jsonb
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_now timestamptz := now();
  v_today timestamptz := date_trunc('day', now());
  v_from timestamptz;
  v_to timestamptz := 'infinity';
  v_days integer;
  v_total integer;
  v_result jsonb;
begin
  if not coalesce((select p.is_admin from public.profiles p where p.id = auth.uid()), false) then
    raise exception 'Administrator access is required.' using errcode = '42501';
  end if;
  case p_period
    when 'today' then v_from := v_today; v_days := 1;
    when 'yesterday' then v_from := v_today - interval '1 day'; v_to := v_today; v_days := 1;
    when 'week' then v_from := v_today - interval '6 days'; v_days := 7;
    when 'month' then v_from := v_today - interval '29 days'; v_days := 30;
    when 'all' then v_from := '-infinity'; v_days := 7;
    else raise exception 'Unknown period "%": use today, yesterday, week, month or all.', p_period
           using errcode = '22023';
  end case;

  select count(*) into v_total from public.profiles;

  with users as (
    select
      count(*) filter (where created_at >= v_today) as today,
      count(*) filter (where created_at >= v_today - interval '6 days') as week,
      count(*) filter (where created_at >= v_today - interval '29 days') as month,
      count(*) filter (where credits > 0) as with_credits,
      coalesce(sum(credits), 0) as total_credits,
      coalesce(round(avg(credits)), 0) as avg_credits,
      count(*) filter (where is_admin) as admins,
      count(*) filter (where created_at >= v_from and created_at < v_to) as in_period
    from public.profiles
  ),
  activity as (
    select coalesce(jsonb_agg(jsonb_build_object('date', d::date, 'count', (
             select count(*) from public.profiles p
              where p.created_at >= d and p.created_at < d + interval '1 day')) order by d desc), '[]')
      as list
    from generate_series(
      case when p_period = 'yesterday' then v_today - interval '1 day' else v_today end
        - make_interval(days => v_days - 1),
      case when p_period = 'yesterday' then v_today - interval '1 day' else v_today end,
      interval '1 day') as d
  ),
  visit_days as (
    select visitor_id, count(distinct date_trunc('day', created_at)) as days from public.visits group by visitor_id
  ),
  website as (
    select jsonb_build_object(
      'totalVisits', (select count(*) from public.visits where created_at >= v_from and created_at < v_to),
      'uniqueVisitors', (select count(distinct visitor_id) from public.visits where created_at >= v_from and created_at < v_to),
      'returningVisitors', (select count(*) from visit_days where days > 1),
      'periods', jsonb_build_object(
        'today', public.admin_visit_window(v_today, 'infinity'),
        'yesterday', public.admin_visit_window(v_today - interval '1 day', v_today),
        'week', public.admin_visit_window(v_today - interval '6 days', 'infinity'),
        'month', public.admin_visit_window(v_today - interval '29 days', 'infinity'))) as block
  ),
  orders as (
    select
      count(*) filter (where status in ('completed', 'refunded', 'reversed') and created_at >= v_from and created_at < v_to) as paid,
      coalesce(sum(amount_cents) filter (where status = 'completed' and created_at >= v_from and created_at < v_to), 0) as revenue_cents,
      count(*) filter (where created_at >= v_from and created_at < v_to) as sessions,
      count(*) filter (where status = 'created' and created_at < v_now - interval '1 hour'
                       and created_at >= v_from and created_at < v_to) as abandoned
    from public.payment_orders
  ),
  sales as (
    select coalesce(jsonb_agg(jsonb_build_object(
             'date', d::date,
             'orders', (select count(*) from public.payment_orders o where o.status = 'completed'
                         and o.created_at >= d and o.created_at < d + interval '1 day'),
             'revenue', (select coalesce(sum(o.amount_cents), 0) from public.payment_orders o where o.status = 'completed'
                         and o.created_at >= d and o.created_at < d + interval '1 day') / 100.0) order by d desc), '[]') as list
    from generate_series(v_today - interval '6 days', v_today, interval '1 day') as d
  )
  select jsonb_build_object(
    'period', p_period,
    'totalUsers', v_total,
    'periodUsers', u.in_period,
    'todayUsers', u.today,
    'weekUsers', u.week,
    'monthUsers', u.month,
    'periods', jsonb_build_object(
      'today', jsonb_build_object('count', u.today, 'percentage', case when v_total = 0 then 0 else round(100.0 * u.today / v_total) end),
      'week', jsonb_build_object('count', u.week, 'percentage', case when v_total = 0 then 0 else round(100.0 * u.week / v_total) end),
      'month', jsonb_build_object('count', u.month, 'percentage', case when v_total = 0 then 0 else round(100.0 * u.month / v_total) end)),
    'usersWithCredits', u.with_credits,
    'totalCredits', u.total_credits,
    'avgCredits', u.avg_credits,
    'adminUsers', u.admins,
    'recentActivity', a.list,
    'website', w.block,
    'store', jsonb_build_object(
      'currency', coalesce((select currency from public.payment_orders group by currency order by count(*) desc limit 1), 'EUR'),
      'totalOrders', o.paid,
      'totalRevenue', o.revenue_cents / 100.0,
      'avgOrderValue', case when o.paid = 0 then 0 else round(o.revenue_cents / 100.0 / o.paid, 2) end,
      'conversionRate', case when o.sessions = 0 then 0 else round(100.0 * o.paid / o.sessions) end,
      'totalCheckoutSessions', o.sessions,
      'abandonedCarts', o.abandoned,
      'todayOrders', public.admin_order_window(v_today, 'infinity') -> 'orders',
      'weekOrders', public.admin_order_window(v_today - interval '6 days', 'infinity') -> 'orders',
      'monthOrders', public.admin_order_window(v_today - interval '29 days', 'infinity') -> 'orders',
      'todayRevenue', public.admin_order_window(v_today, 'infinity') -> 'revenue',
      'weekRevenue', public.admin_order_window(v_today - interval '6 days', 'infinity') -> 'revenue',
      'monthRevenue', public.admin_order_window(v_today - interval '29 days', 'infinity') -> 'revenue',
      'periods', jsonb_build_object(
        'today', public.admin_order_window(v_today, 'infinity'),
        'week', public.admin_order_window(v_today - interval '6 days', 'infinity'),
        'month', public.admin_order_window(v_today - interval '29 days', 'infinity')),
      'recentSales', s.list))
  into v_result
  from users u, activity a, website w, orders o, sales s;
  return v_result;
end;
$$;

-- Visits, unique visitors and returning visitors (seen on an earlier day) in [p_from, p_to).
create function public.admin_visit_window(p_from timestamptz, p_to timestamptz) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'visits', count(*),
    'unique', count(distinct v.visitor_id),
    'returning', count(distinct v.visitor_id) filter (where exists (
      select 1 from public.visits e where e.visitor_id = v.visitor_id and e.created_at < date_trunc('day', v.created_at))))
  from public.visits v
  where v.created_at >= p_from and v.created_at < p_to
$$;

-- Completed orders and their revenue in [p_from, p_to).
create function public.admin_order_window(p_from timestamptz, p_to timestamptz) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object('orders', count(*), 'revenue', coalesce(sum(amount_cents), 0) / 100.0)
  from public.payment_orders
  where status = 'completed' and created_at >= p_from and created_at < p_to
$$;

revoke execute on function public.admin_analytics(text) from public, anon;
revoke execute on function public.admin_visit_window(timestamptz, timestamptz) from public, anon, authenticated;
revoke execute on function public.admin_order_window(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.admin_analytics(text) to authenticated;
