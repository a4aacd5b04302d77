-- Messages from the public forms (spec §3: contact message, waitlist signup, job application). Each one is
-- stored together with its notification mail in one transaction, so a message is never lost even while
-- SMTP is down: the worker delivers the outbox row later, and admins read the table itself.
--
-- Nobody but admins reads messages; nobody writes them except through public.submit_message, which the
-- api function calls with its own privileges (it alone knows the sender's IP address, used for the limit).

create table public.messages (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('contact', 'waitlist', 'career')),
  email text not null check (char_length(email) between 3 and 320),
  payload jsonb not null check (jsonb_typeof(payload) = 'object' and pg_column_size(payload) <= 32768),
  user_id uuid references auth.users (id) on delete set null,
  -- SHA-256 of the sender's IP address: enough to rate-limit, not enough to read the address back.
  ip_hash text check (ip_hash ~ '^[0-9a-f]{64}$'),
  mail_id bigint references public.mail_outbox (id) on delete set null,
  created_at timestamptz not null default now()
);

alter table public.messages enable row level security;
revoke all on public.messages from anon, authenticated;
grant select on public.messages to authenticated;

create index messages_created_at_idx on public.messages (created_at);
create index messages_email_idx on public.messages (lower(email), created_at);
create index messages_ip_hash_idx on public.messages (ip_hash, created_at) where ip_hash is not null;
create index messages_user_id_idx on public.messages (user_id);

create policy "admins can read messages" on public.messages
  for select to authenticated using ((select public.is_admin()));

insert into public.settings (key, value, is_public) values
  ('mail.team_address', '"hello@lift3d.app"', false),
  ('forms.window_minutes', '10', false),
  ('forms.max_per_ip', '10', false),
  ('forms.max_per_email', '3', false)
on conflict (key) do nothing;

-- The notification mail of a message, as plain text (no HTML: nothing a visitor types is ever rendered).
create function public.message_mail_text(p_kind text, p_email text, p_payload jsonb) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  v_lines text[] := array[]::text[];
  v_field record;
begin
  if p_kind = 'waitlist' then
    return format(E'New signup for the Lift3D mobile app waitlist.\n\nEmail: %s\n', p_email);
  elsif p_kind = 'contact' then
    return format(E'New message from the Lift3D contact form.\n\nFrom: %s <%s>\nSubject: %s\n\n%s\n',
                  p_payload ->> 'name', p_email, p_payload ->> 'subject', p_payload ->> 'message');
  end if;
  for v_field in
    select * from (values
      ('role', 'Role'), ('full_name', 'Full name'), ('email', 'Email'), ('location', 'Location'),
      ('years_experience', 'Years of experience'), ('linkedin', 'LinkedIn'), ('portfolio', 'Portfolio'),
      ('github', 'GitHub'), ('resume_url', 'Resume/CV'), ('compensation', 'Compensation expectations'),
      ('availability', 'Availability')) as f (key, label)
  loop
    v_lines := v_lines || format('%s: %s', v_field.label, coalesce(nullif(p_payload ->> v_field.key, ''), '-'));
  end loop;
  return format(E'New job application from the Lift3D careers page.\n\n%s\n\nSkills / highlights:\n%s\n',
                array_to_string(v_lines, E'\n'), coalesce(nullif(p_payload ->> 'skills_summary', ''), '-'));
end;
$$;
revoke execute on function public.message_mail_text(text, text, jsonb) from public, anon, authenticated;

-- Stores one message and queues its notification mail, in the caller's transaction. Limits: at most
-- forms.max_per_ip messages per IP address and forms.max_per_email per e-mail address within
-- forms.window_minutes (P0429). A repeated waitlist signup of the same address is answered with the
-- first one's id and stores nothing new.
create function public.submit_message(
  p_kind text, p_email text, p_payload jsonb, p_ip_hash text default null, p_user uuid default null
) returns bigint
language plpgsql security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_window interval := make_interval(mins => public.setting_int('forms.window_minutes', 10));
  v_existing bigint;
  v_subject text;
  v_mail bigint;
  v_id bigint;
begin
  if p_kind is null or p_kind not in ('contact', 'waitlist', 'career') then
    raise exception 'Unknown message kind %: use contact, waitlist or career.', p_kind using errcode = '22023';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 320 then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  if p_payload is null or jsonb_typeof(p_payload) <> 'object' then
    raise exception 'The message must be a JSON object.' using errcode = '22023';
  end if;

  if p_kind = 'waitlist' then
    select m.id into v_existing from public.messages m
     where m.kind = 'waitlist' and lower(m.email) = v_email order by m.id limit 1;
    if v_existing is not null then
      return v_existing;
    end if;
  end if;

  if p_ip_hash is not null and (
    select count(*) from public.messages m
     where m.ip_hash = p_ip_hash and m.created_at > now() - v_window
  ) >= public.setting_int('forms.max_per_ip', 10) then
    raise exception 'Too many messages. Please try again in a few minutes.' using errcode = 'P0429';
  end if;
  if (
    select count(*) from public.messages m
     where lower(m.email) = v_email and m.created_at > now() - v_window
  ) >= public.setting_int('forms.max_per_email', 3) then
    raise exception 'Too many messages. Please try again in a few minutes.' using errcode = 'P0429';
  end if;

  v_subject := case p_kind
    when 'waitlist' then 'Mobile App Waitlist Signup'
    when 'contact' then left('Contact: ' || coalesce(p_payload ->> 'subject', ''), 300)
    else left(format('Job application: %s (%s)', p_payload ->> 'role', p_payload ->> 'full_name'), 300)
  end;
  v_mail := public.queue_mail(
    coalesce((select s.value #>> '{}' from public.settings s where s.key = 'mail.team_address'), 'hello@lift3d.app'),
    v_subject,
    public.message_mail_text(p_kind, v_email, p_payload),
    null,
    p_kind,
    v_email
  );
  insert into public.messages (kind, email, payload, user_id, ip_hash, mail_id)
  values (p_kind, v_email, p_payload, p_user, p_ip_hash, v_mail)
  returning id into v_id;
  return v_id;
end;
$$;
revoke execute on function public.submit_message(text, text, jsonb, text, uuid) from public, anon, authenticated;
grant execute on function public.submit_message(text, text, jsonb, text, uuid) to service_role;
