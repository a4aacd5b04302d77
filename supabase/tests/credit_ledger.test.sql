-- The credit ledger: append-only for every role, the one door for balance changes, and the invariant
-- "balance = sum of the ledger, never negative" under random sequences of changes.
-- The service role acts here too (rolled back with the file).
grant usage on schema tests to service_role;
grant execute on all functions in schema tests to service_role;
create temp table ids as
select tests.create_user('Buyer') as buyer, tests.create_user('Other') as other,
       tests.create_user('Admin', true) as admin;
grant select on ids to anon, authenticated, service_role;

-- The service role (the api function, the worker) moves credits through the function.
set local role service_role;
select tests.assert_equal(public.apply_credit_change((select buyer from ids), 500, 'purchase', 'cap-1'), 500, 'a purchase adds credits');
select tests.assert_equal(public.apply_credit_change((select buyer from ids), -50, 'generation', 'generation:g1'), 450, 'a generation spends 50');
-- The same reason + reference again changes nothing and answers the current balance.
select tests.assert_equal(public.apply_credit_change((select buyer from ids), 500, 'purchase', 'cap-1'), 450, 'a replayed purchase is not credited twice');
select tests.assert_equal(public.apply_credit_change((select buyer from ids), -50, 'generation', 'generation:g1'), 450, 'a replayed charge is not taken twice');
select tests.assert_equal(public.apply_credit_change((select buyer from ids), 50, 'refund', 'refund:g1'), 500, 'a refund gives the charge back');
select tests.assert_equal(public.apply_credit_change((select buyer from ids), 50, 'refund', 'refund:g1'), 500, 'a refund happens once');
select tests.assert_fails(format($$select public.apply_credit_change(%L, 1, 'purchase', 'cap-1')$$, (select other from ids)), '23505', 'a reference used for one account cannot credit another');
select tests.assert_fails(format($$select public.apply_credit_change(%L, -501, 'generation', 'generation:big')$$, (select buyer from ids)), 'P0402', 'a balance never goes below zero');
select tests.assert_fails(format($$select public.apply_credit_change(%L, 0, 'admin', null)$$, (select buyer from ids)), '22023', 'a zero change is refused');
select tests.assert_fails(format($$select public.apply_credit_change(%L, 5, 'gift', null)$$, (select buyer from ids)), '22023', 'unknown reasons are refused');
select tests.assert_fails(format($$select public.apply_credit_change(%L, 5, 'generation', 'generation:neg')$$, (select buyer from ids)), '23514', 'a generation cannot add credits');
select tests.assert_fails(format($$select public.apply_credit_change(%L, 5, 'purchase', null)$$, (select buyer from ids)), '23514', 'a purchase needs a reference');
select tests.assert_fails(format($$select public.apply_credit_change(%L, 5, 'admin', null)$$, gen_random_uuid()), 'P0002', 'unknown accounts are refused');
-- Even the service role cannot write a balance or the ledger directly.
select tests.assert_fails(format('update public.profiles set credits = 99999 where id = %L', (select buyer from ids)), '42501', 'service_role cannot write credits directly');
select tests.assert_fails(format($$insert into public.credit_ledger (user_id, delta, reason, balance_after) values (%L, 10, 'admin', 10)$$, (select buyer from ids)), '42501', 'service_role cannot insert ledger rows');
select tests.assert_fails('update public.credit_ledger set delta = 1000000', '42501', 'service_role cannot edit the ledger');
select tests.assert_fails('delete from public.credit_ledger', '42501', 'service_role cannot delete ledger rows');
reset role;

-- The message a user sees when a spend is too big.
do $$
begin
  perform public.apply_credit_change((select buyer from ids), -600, 'generation', 'generation:msg');
  raise exception 'FAILED: the overspend succeeded';
exception when sqlstate 'P0402' then
  if sqlerrm <> 'Not enough credits: this needs 600 credits and you have 500.' then
    raise exception 'FAILED: wrong message: %', sqlerrm;
  end if;
end $$;

-- Signed-in users: no direct writes, no access to the door, only their own rows.
select tests.authenticate_as((select buyer from ids));
select tests.assert_fails(format($$select public.apply_credit_change(%L, 100000, 'admin', null)$$, (select buyer from ids)), '42501', 'users cannot call apply_credit_change');
select tests.assert_fails(format('select public.admin_add_credits(%L, 100000)', (select buyer from ids)), '42501', 'users cannot grant themselves credits');
select tests.assert_fails(format('update public.profiles set credits = 100000 where id = %L', (select buyer from ids)), '42501', 'users cannot write their balance');
select tests.assert_fails(format($$insert into public.credit_ledger (user_id, delta, reason, balance_after) values (%L, 10, 'admin', 10)$$, (select buyer from ids)), '42501', 'users cannot insert ledger rows');
select tests.assert_fails('update public.credit_ledger set delta = 1000000', '42501', 'users cannot edit the ledger');
select tests.assert_fails('delete from public.credit_ledger', '42501', 'users cannot delete ledger rows');
select tests.assert_fails('truncate public.credit_ledger', '42501', 'users cannot truncate the ledger');
select tests.assert_equal((select count(*) from public.credit_ledger)::int, 3, 'a user reads their own three ledger rows');
select tests.assert_equal((select count(*) from public.credit_ledger where user_id <> (select buyer from ids))::int, 0, 'and nobody else''s');
select tests.assert_equal((select credits from public.profiles where id = (select buyer from ids)), 500, 'the balance is unchanged by the refused attempts');
reset role;

select tests.authenticate_anon();
select tests.assert_fails('select count(*) from public.credit_ledger', '42501', 'anon cannot read the ledger');
select tests.assert_fails(format($$select public.apply_credit_change(%L, 5, 'admin', null)$$, (select buyer from ids)), '42501', 'anon cannot call apply_credit_change');
reset role;

-- Admins grant and take back through admin_add_credits / admin_set_credits, checked against the table.
select tests.authenticate_as((select admin from ids));
select tests.assert_equal(public.admin_add_credits((select other from ids), 100), 100, 'admins add credits');
select tests.assert_equal(public.admin_add_credits((select other from ids), -40), 60, 'admins take credits back');
select tests.assert_fails(format('select public.admin_add_credits(%L, -61)', (select other from ids)), 'P0402', 'not below zero, even for admins');
select tests.assert_fails(format('select public.admin_add_credits(%L, 0)', (select other from ids)), '22023', 'zero is refused');
select tests.assert_equal(public.admin_set_credits((select other from ids), 250), 250, 'admins set a balance as a difference');
select tests.assert_equal((select delta from public.credit_ledger where user_id = (select other from ids) order by id desc limit 1), 190, 'recorded as the difference');
select tests.assert_equal((select created_by from public.credit_ledger where user_id = (select other from ids) order by id desc limit 1), (select admin from ids), 'with the admin who did it');
select tests.assert_fails('update public.credit_ledger set delta = 1', '42501', 'admins cannot edit the ledger');
reset role;
-- A demoted admin loses the power at once (the table decides, not the token).
update public.profiles set is_admin = false where id = (select admin from ids);
select tests.authenticate_as((select admin from ids));
select tests.assert_fails(format('select public.admin_add_credits(%L, 5)', (select other from ids)), '42501', 'a demoted admin cannot add credits');
reset role;

-- Every API and platform role: no insert, update, delete or truncate on the ledger.
grant usage on schema tests to supabase_auth_admin, authenticator;
grant execute on all functions in schema tests to supabase_auth_admin, authenticator;
grant select on ids to supabase_auth_admin, authenticator;
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role', 'supabase_auth_admin', 'authenticator'] loop
    perform set_config('request.jwt.claims', jsonb_build_object('sub', (select buyer from ids), 'role', r)::text, true);
    execute format('set local role %I', r);
    perform tests.assert_fails('update public.credit_ledger set delta = 1000000', '42501', r || ' cannot update the ledger');
    perform tests.assert_fails('delete from public.credit_ledger', '42501', r || ' cannot delete ledger rows');
    perform tests.assert_fails('truncate public.credit_ledger', '42501', r || ' cannot truncate the ledger');
    perform tests.assert_fails(format($f$insert into public.credit_ledger (user_id, delta, reason, balance_after) values (%L, 10, 'admin', 10)$f$, (select buyer from ids)), '42501', r || ' cannot insert ledger rows');
    perform tests.assert_fails(format('update public.profiles set credits = credits + 1 where id = %L', (select buyer from ids)), '42501', r || ' cannot write a balance');
    reset role;
  end loop;
end $$;

-- Not even the table owner or a superuser can rewrite history or write a balance around the ledger.
select tests.assert_fails('update public.credit_ledger set delta = delta', '42501', 'the owner cannot update ledger rows');
select tests.assert_fails('delete from public.credit_ledger', '42501', 'the owner cannot delete ledger rows');
select tests.assert_fails('truncate public.credit_ledger', '42501', 'the owner cannot truncate the ledger');
select tests.assert_fails(format('update public.profiles set credits = 7 where id = %L', (select buyer from ids)), '42501', 'the owner cannot write credits around the ledger');

-- Property: random purchases, spends, refunds, admin grants and replays on a few accounts. After every
-- step no balance is negative, and at the end each balance equals the sum of its ledger rows and each row's
-- balance_after equals the running sum.
do $$
declare
  v_users uuid[] := array[tests.create_user('P1'), tests.create_user('P2'), tests.create_user('P3')];
  v_seed double precision := extract(epoch from clock_timestamp())::numeric % 1;
  v_user uuid;
  v_kind integer;
  v_amount integer;
  v_spent integer := 0;
  v_ok integer := 0;
  v_refused integer := 0;
  v_bad record;
begin
  perform setseed(v_seed);
  for i in 1..400 loop
    v_user := v_users[1 + floor(random() * 3)::int];
    v_kind := floor(random() * 5)::int;
    begin
      -- Amounts chosen so balances drift slightly down: both the applied and the refused path stay
      -- busy for any seed (a walk that only grows never meets the zero floor).
      if v_kind = 0 then
        v_amount := 1 + floor(random() * 100)::int;
        perform public.apply_credit_change(v_user, v_amount, 'purchase', 'prop-cap-' || i);
      elsif v_kind = 1 then
        perform public.apply_credit_change(v_user, -50, 'generation', 'generation:prop-' || i);
        v_spent := i;
      elsif v_kind = 2 and v_spent > 0 then
        -- Refund the latest generation of whoever made it; a refund of a refunded one is a no-op.
        perform public.apply_credit_change(l.user_id, 50, 'refund', 'refund:prop-' || v_spent)
           from public.credit_ledger l where l.reference = 'generation:prop-' || v_spent;
      elsif v_kind = 3 then
        v_amount := floor(random() * 200)::int - 150;
        if v_amount <> 0 then perform public.apply_credit_change(v_user, v_amount, 'admin', null); end if;
      else
        -- Replay an earlier reference: must change nothing.
        perform public.apply_credit_change(l.user_id, l.delta, l.reason, l.reference)
           from public.credit_ledger l where l.user_id = any (v_users) and l.reference is not null
          order by random() limit 1;
      end if;
      v_ok := v_ok + 1;
    exception when sqlstate 'P0402' then
      v_refused := v_refused + 1;
    end;
    if exists (select 1 from public.profiles p where p.id = any (v_users) and p.credits < 0) then
      raise exception 'FAILED: a balance went negative at step % (seed %)', i, v_seed;
    end if;
  end loop;

  for v_bad in
    select p.id, p.credits, coalesce(sum(l.delta), 0) as total
      from public.profiles p left join public.credit_ledger l on l.user_id = p.id
     where p.id = any (v_users) group by p.id, p.credits having p.credits <> coalesce(sum(l.delta), 0)
  loop
    raise exception 'FAILED: balance % <> ledger sum % for % (seed %)', v_bad.credits, v_bad.total, v_bad.id, v_seed;
  end loop;
  for v_bad in
    select * from (
      select l.id, l.balance_after, sum(l.delta) over (partition by l.user_id order by l.id) as running
        from public.credit_ledger l where l.user_id = any (v_users)) r
     where r.balance_after <> r.running
  loop
    raise exception 'FAILED: row % has balance_after % but the running sum is % (seed %)', v_bad.id, v_bad.balance_after, v_bad.running, v_seed;
  end loop;
  if v_ok < 100 or v_refused < 1 then
    raise exception 'FAILED: the random walk did not exercise both paths (% applied, % refused, seed %)', v_ok, v_refused, v_seed;
  end if;
end $$;
