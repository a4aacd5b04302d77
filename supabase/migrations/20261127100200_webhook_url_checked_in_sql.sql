-- save_webhook_endpoint, called through the Data API, stored any http(s) URL: a link-local address
-- (https://169.254.169.254/) included. It now checks what the api checks, short of name resolution: https
-- only, no user name or password, and a host that is not a private, loopback, link-local or otherwise
-- non-public address literal, nor one written in an unusual numeric form (2130706433, 0x7f.1, 017.0.0.1),
-- nor a name of this machine or network (localhost, *.local, *.internal). Names are resolved, and their
-- addresses checked, by the api when the URL is saved and by the worker before every attempt.
--
-- notes:
-- - The api checks with DNS and, in the local stack and tests (WEBHOOK_ALLOW_PRIVATE_TARGETS=1), allows a
--   receiver on this machine over http: it saves through save_checked_webhook_endpoint, the service role's,
--   with the caller's claims. The Data API roles reach only the strict function.

-- Raises 22023 with the api's words when the URL is not one webhooks may go to.
create function private.check_webhook_url(p_url text) returns void
language plpgsql immutable
set search_path = ''
as $$
declare
  v_authority text;
  v_host text;
  v_addr inet;
  v_parts text[];
begin
  if p_url is null or char_length(p_url) not between 8 and 2000 or p_url !~ '^https?://[^[:space:]]+$' then
    raise exception 'url: enter the full address of your endpoint, starting with https://.' using errcode = '22023';
  end if;
  if p_url !~* '^https://' then
    raise exception 'url: Webhooks are sent over https only: the URL must start with https://.' using errcode = '22023';
  end if;
  v_authority := substring(p_url from '^https://([^/?#]*)');
  if v_authority like '%@%' then
    raise exception 'url: The URL must not contain a user name or password.' using errcode = '22023';
  end if;
  if v_authority like '[%' then
    v_host := lower(substring(v_authority from '^\[([^\]]*)\]'));
  else
    v_host := lower(rtrim(split_part(v_authority, ':', 1), '.'));
  end if;
  if v_host is null or v_host = '' then
    raise exception 'url: enter the full address of your endpoint, starting with https://.' using errcode = '22023';
  end if;
  if v_host = 'localhost' or v_host ~ '\.(localhost|local|internal|lan|home\.arpa)$' then
    raise exception 'url: The host % is a private address; webhooks go to public addresses only.', v_host
      using errcode = '22023';
  end if;
  -- A host made of numbers is an address: only the plain dotted form is read the same everywhere.
  if v_host ~ '^[0-9a-fx.]+$' and v_host ~ '^(0x[0-9a-f]*|[0-9]+)(\.(0x[0-9a-f]*|[0-9]+))*$' then
    v_parts := string_to_array(v_host, '.');
    if cardinality(v_parts) <> 4
       or exists (select 1 from unnest(v_parts) p where p !~ '^(0|[1-9][0-9]{0,2})$' or p::integer > 255) then
      raise exception 'url: The host % is an address in an unusual form; write it as a name or a plain public address.', v_host
        using errcode = '22023';
    end if;
    v_addr := v_host::inet;
  elsif v_host ~ ':' then
    begin
      v_addr := v_host::inet;
    exception when others then
      raise exception 'url: enter the full address of your endpoint, starting with https://.' using errcode = '22023';
    end;
  end if;
  if v_addr is not null and (
       v_addr << any (array['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16',
                            '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24', '192.168.0.0/16',
                            '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/3']::inet[])
       or (family(v_addr) = 6 and (
             v_addr <<= any (array['::/127', '::ffff:0:0/96', '64:ff9b::/96', '100::/64', '2001::/23',
                                   '2001:db8::/32', '2002::/16', 'fc00::/7', 'fe80::/10', 'ff00::/8']::inet[])))) then
    raise exception 'url: The host % is a private address; webhooks go to public addresses only.', v_host
      using errcode = '22023';
  end if;
end;
$$;
revoke execute on function private.check_webhook_url(text) from public, anon, authenticated;

-- The store, shared by both doors: created with a fresh secret on the first save, URL and switch later.
create function private.store_webhook_endpoint(p_user uuid, p_url text, p_enabled boolean)
returns setof public.webhook_endpoints
language plpgsql
set search_path = ''
as $$
begin
  if p_user is null then
    raise exception 'Please sign in to continue.' using errcode = '42501';
  end if;
  if p_url is null or char_length(p_url) not between 8 and 2000 or p_url !~ '^https?://[^[:space:]]+$' then
    raise exception 'url: enter the full address of your endpoint, starting with https://.' using errcode = '22023';
  end if;
  return query
  insert into public.webhook_endpoints (user_id, url, secret, enabled)
  values (p_user, p_url,
          'whsec_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
          coalesce(p_enabled, true))
  on conflict (user_id) do update
     set url = excluded.url,
         enabled = coalesce(p_enabled, public.webhook_endpoints.enabled),
         updated_at = now()
  returning *;
end;
$$;
revoke execute on function private.store_webhook_endpoint(uuid, text, boolean) from public, anon, authenticated;

-- The Data API's door (authenticated): the SQL check, then the store.
create or replace function public.save_webhook_endpoint(p_url text, p_enabled boolean)
returns setof public.webhook_endpoints
language plpgsql security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Please sign in to continue.' using errcode = '42501';
  end if;
  perform private.check_webhook_url(p_url);
  return query select * from private.store_webhook_endpoint(auth.uid(), p_url, p_enabled);
end;
$$;

-- The api's door (service role, with the caller's claims): it has checked the URL with name resolution,
-- and allows a receiver on this machine only where it is configured to (WEBHOOK_ALLOW_PRIVATE_TARGETS).
create function public.save_checked_webhook_endpoint(p_url text, p_enabled boolean)
returns setof public.webhook_endpoints
language plpgsql security definer
set search_path = ''
as $$
begin
  return query select * from private.store_webhook_endpoint(auth.uid(), p_url, p_enabled);
end;
$$;
revoke execute on function public.save_checked_webhook_endpoint(text, boolean) from public, anon, authenticated;
grant execute on function public.save_checked_webhook_endpoint(text, boolean) to service_role;
