-- Outgoing mail is written here in the same transaction as whatever caused it, then delivered by the
-- worker over SMTP with retries. Users never read it; admins may (inbox of what was sent).

create table public.mail_outbox (
  id bigint generated always as identity primary key,
  to_address text not null check (char_length(to_address) between 3 and 320),
  reply_to text check (char_length(reply_to) <= 320),
  subject text not null check (char_length(subject) <= 300),
  text_body text not null,
  html_body text,
  kind text not null default 'notification' check (kind ~ '^[a-z_]{1,40}$'),
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz
);

alter table public.mail_outbox enable row level security;
revoke all on public.mail_outbox from anon, authenticated;
grant select on public.mail_outbox to authenticated;

create index mail_outbox_pending_idx on public.mail_outbox (next_attempt_at) where sent_at is null;

create policy "admins can read the mail outbox" on public.mail_outbox
  for select to authenticated using ((select public.is_admin()));

-- The auth server (local stack) and SQL functions queue mail through this one door. The job is only a
-- nudge: the row is the truth, and the worker's sweep also picks up rows queued before the job queue
-- (graphile_worker, installed by the worker) existed.
create function public.queue_mail(
  p_to text, p_subject text, p_text text, p_html text default null, p_kind text default 'notification',
  p_reply_to text default null
) returns bigint
language plpgsql security definer
set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into public.mail_outbox (to_address, subject, text_body, html_body, kind, reply_to)
  values (p_to, p_subject, p_text, p_html, p_kind, p_reply_to)
  returning id into v_id;
  if to_regproc('graphile_worker.add_job') is not null then
    perform graphile_worker.add_job('send_mail', json_build_object('id', v_id),
                                    job_key := 'mail:' || v_id, max_attempts := 25);
  end if;
  return v_id;
end;
$$;
revoke execute on function public.queue_mail(text, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.queue_mail(text, text, text, text, text, text) to service_role, supabase_auth_admin;
