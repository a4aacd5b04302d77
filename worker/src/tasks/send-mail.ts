/**
 * Delivers one outbox row over SMTP. Safe to re-run: a row already sent is skipped, and the row is
 * marked sent in the same statement that checks it. A failed delivery is recorded on the row and
 * rethrown, so graphile-worker retries it with exponential backoff while SMTP is down.
 * Without SMTP configured the row simply waits (admins see it in the outbox).
 */
import type { Task } from 'graphile-worker';
import type { Transporter } from 'nodemailer';
import type { Sql } from 'postgres';
import type { JobPayloads } from '../registry.ts';

export interface SendMailDeps {
  sql: Sql;
  transport: Transporter | null;
  from: string;
}

export function sendMailTask(deps: SendMailDeps): Task {
  return async (payload) => {
    const { id } = payload as JobPayloads['send_mail'];
    if (!deps.transport) return;
    const [mail] = await deps.sql`
      select id, to_address, reply_to, subject, text_body, html_body
        from public.mail_outbox where id = ${id} and sent_at is null`;
    if (!mail) return;
    try {
      await deps.transport.sendMail({
        from: deps.from,
        to: mail.to_address,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
      });
    } catch (error) {
      await deps.sql`
        update public.mail_outbox
           set attempts = attempts + 1, last_error = ${(error as Error).message.slice(0, 500)},
               next_attempt_at = now() + least(interval '1 hour', interval '5 seconds' * power(2, attempts))
         where id = ${id}`;
      throw new Error(`send_mail: delivery of outbox row ${id} failed: ${(error as Error).message}`);
    }
    await deps.sql`update public.mail_outbox set sent_at = now(), attempts = attempts + 1, last_error = null where id = ${id}`;
  };
}

/** Enqueues a send_mail job for every due row; the job key makes this idempotent. */
export function mailSweepTask(deps: SendMailDeps): Task {
  return async (_payload, helpers) => {
    if (!deps.transport) return;
    const due = await deps.sql`
      select id from public.mail_outbox where sent_at is null and next_attempt_at <= now() order by id limit 500`;
    for (const row of due) {
      await helpers.addJob(
        'send_mail',
        { id: Number(row.id) },
        { jobKey: `mail:${row.id}`, maxAttempts: 25 },
      );
    }
  };
}
