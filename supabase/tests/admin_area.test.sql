-- The admin area's rules: administrator rights, pack archiving and settings, as each role.
create temp table ids as
select tests.create_user('Member') as member, tests.create_user('Boss', true) as boss,
       tests.create_user('Other') as other;
grant select on ids to anon, authenticated;
-- Only Boss is an administrator in this transaction.
update public.profiles set is_admin = false where is_admin and id <> (select boss from ids);

-- admin_set_admin
select tests.authenticate_anon();
select tests.assert_fails($$select public.admin_set_admin((select member from ids), true)$$, '42501', 'anon cannot grant admin');
reset role;

select tests.authenticate_as((select member from ids));
select tests.assert_fails($$select public.admin_set_admin((select member from ids), true)$$, '42501', 'a member cannot make themselves admin');
select tests.assert_fails($$update public.profiles set is_admin = true where id = (select member from ids)$$, '42501', 'is_admin is not writable directly');
reset role;

select tests.authenticate_as((select boss from ids));
select tests.assert_fails($$select public.admin_set_admin((select boss from ids), false)$$, '22023', 'the last admin cannot demote themselves');
select tests.assert_fails($$select public.admin_set_admin(gen_random_uuid(), true)$$, 'P0002', 'unknown users are a 404');
select tests.assert_equal(public.admin_set_admin((select other from ids), true), true, 'an admin grants admin');
select tests.assert_equal(public.admin_set_admin((select other from ids), true), true, 'granting twice is a no-op');
select tests.assert_equal(public.admin_set_admin((select boss from ids), false), false, 'with another admin, one may step down');
-- Boss is no longer an admin: the table decides at once, whatever the token says.
select tests.assert_fails($$select public.admin_set_admin((select boss from ids), true)$$, '42501', 'a demoted admin cannot re-promote themselves');
reset role;
select tests.assert_equal((select is_admin from public.profiles where id = (select other from ids)), true, 'Other is admin');

-- Credit packs: admins add, edit and archive through RLS; nobody hard-deletes.
select tests.authenticate_as((select member from ids));
select tests.assert_equal((select count(*)::int from public.credit_packs where not active), 0, 'members see only active packs');
update public.credit_packs set price_cents = 1 where id = 'starter';
select tests.assert_fails($$insert into public.credit_packs (id, name, credits, price_cents) values ('cheap', 'Cheap', 1, 1)$$, '42501', 'members cannot add packs');
reset role;
select tests.assert_equal((select price_cents from public.credit_packs where id = 'starter'), 1300, 'a member update changes nothing');

select tests.authenticate_as((select other from ids));
insert into public.credit_packs (id, name, credits, price_cents, external_product_id)
values ('mega', 'Mega', 100000, 9900, 'lift3d-credits-mega');
update public.credit_packs set active = false where id = 'mega';
select tests.assert_equal((select active from public.credit_packs where id = 'mega'), false, 'admins toggle status');
select tests.assert_fails($$delete from public.credit_packs where id = 'mega'$$, '42501', 'packs are never hard-deleted');
update public.credit_packs set archived_at = now() where id = 'mega';
select tests.assert_fails($$update public.credit_packs set active = true where id = 'mega'$$, '23514', 'an archived pack cannot be activated');
select tests.assert_fails($$update public.credit_packs set archived_at = null where id = 'mega'$$, '22023', 'an archived pack stays archived');
reset role;

-- Settings: admins change them, within range; members cannot.
select tests.authenticate_as((select member from ids));
update public.settings set value = '1' where key = 'generation.cost_credits';
reset role;
select tests.assert_equal((select value from public.settings where key = 'generation.cost_credits'), '50'::jsonb, 'members cannot change settings');

select tests.authenticate_as((select other from ids));
update public.settings set value = '60' where key = 'generation.cost_credits';
select tests.assert_equal((select value from public.settings where key = 'generation.cost_credits'), '60'::jsonb, 'admins change settings');
select tests.assert_fails($$update public.settings set value = '0' where key = 'generation.cost_credits'$$, '22023', 'cost below 1 is refused');
select tests.assert_fails($$update public.settings set value = '2.5' where key = 'generation.max_in_flight'$$, '22023', 'fractions are refused');
select tests.assert_fails($$update public.settings set value = '"3"' where key = 'app66.daily_limit'$$, '22023', 'strings are refused');
reset role;
