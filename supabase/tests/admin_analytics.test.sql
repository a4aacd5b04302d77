-- The admin dashboard's figures: only admins may ask, and the numbers add up.
create temp table ids as
select tests.create_user('Member') as member, tests.create_user('Boss', true) as admin;
grant select on ids to anon, authenticated;

-- Two visits by one visitor on different days (returning), one by another.
insert into public.visits (path, visitor_id, created_at) values
  ('/', '00000000-0000-4000-8000-000000000001', now() - interval '3 days'),
  ('/', '00000000-0000-4000-8000-000000000001', now()),
  ('/app', '00000000-0000-4000-8000-000000000002', now());

select tests.authenticate_anon();
select tests.assert_fails($$select public.admin_analytics('all')$$, '42501', 'anon cannot read analytics');
reset role;

select tests.authenticate_as((select member from ids));
select tests.assert_fails($$select public.admin_analytics('all')$$, '42501', 'members cannot read analytics');
select tests.assert_fails($$select public.admin_visit_window(now() - interval '1 day', now())$$, '42501', 'members cannot call the helpers');
reset role;

select tests.authenticate_as((select admin from ids));
create temp table a as select public.admin_analytics('all') as v;
select tests.assert_equal((select (v ->> 'totalUsers')::int from a), (select count(*)::int from public.profiles), 'totalUsers counts every profile');
select tests.assert_equal((select (v ->> 'adminUsers')::int >= 1 from a), true, 'admins are counted');
select tests.assert_equal((select (v -> 'website' ->> 'totalVisits')::int >= 3 from a), true, 'visits are counted');
select tests.assert_equal((select (v -> 'website' -> 'periods' -> 'today' ->> 'unique')::int >= 2 from a), true, 'unique visitors today');
select tests.assert_equal((select (v -> 'website' -> 'periods' -> 'today' ->> 'returning')::int >= 1 from a), true, 'a visitor seen on an earlier day is returning');
select tests.assert_equal((select jsonb_array_length(v -> 'recentActivity') from a), 7, 'seven days of activity for "all"');
select tests.assert_equal((select jsonb_array_length(public.admin_analytics('month') -> 'recentActivity')), 30, 'thirty days for "month"');
select tests.assert_equal((select (v -> 'store' ->> 'totalOrders')::int from a) >= 0, true, 'store block present');
select tests.assert_fails($$select public.admin_analytics('decade')$$, '22023', 'unknown periods are refused');
reset role;
