-- Admin area: granting and removing administrator rights (PUT /api/users/{id} with is_admin). The flag is
-- read from the table by public.is_admin() and by the access-token hook, so it changes only here.

create function public.admin_set_admin(p_user uuid, p_admin boolean) returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  v_current boolean;
  v_admins integer;
begin
  if not public.is_admin() then
    raise exception 'Only administrators can change administrator rights.' using errcode = '42501';
  end if;
  if p_user is null or p_admin is null then
    raise exception 'A user id and is_admin (true or false) are required.' using errcode = '22023';
  end if;
  -- Lock every admin row: two admins demoting each other at once must not leave nobody in charge.
  perform 1 from public.profiles p where p.is_admin or p.id = p_user for update;
  select p.is_admin into v_current from public.profiles p where p.id = p_user;
  if not found then
    raise exception 'User not found.' using errcode = 'P0002';
  end if;
  if v_current = p_admin then
    return v_current;
  end if;
  if not p_admin then
    select count(*) into v_admins from public.profiles p where p.is_admin;
    if v_admins <= 1 then
      raise exception 'This is the last administrator: make another account an administrator first.'
        using errcode = '22023';
    end if;
  end if;
  update public.profiles p set is_admin = p_admin where p.id = p_user;
  return p_admin;
end;
$$;
revoke execute on function public.admin_set_admin(uuid, boolean) from public, anon;
grant execute on function public.admin_set_admin(uuid, boolean) to authenticated, service_role;

-- The admin list is searched by name or e-mail (case-insensitive substring) and counted per page.
create index profiles_created_at_idx on public.profiles (created_at desc, id);
