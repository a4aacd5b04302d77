// The public forms' server side, seen from browser tests: the stored message and its queued mail.
import { database } from './db.ts';

export interface StoredMessage {
  kind: string;
  email: string;
  payload: Record<string, string>;
  mail_subject: string | null;
  mail_to: string | null;
  mail_reply_to: string | null;
  mail_text: string | null;
}

/** Messages stored for `email` (lower-cased, as the server stores it), each with its outbox mail. */
export async function messagesFor(email: string): Promise<StoredMessage[]> {
  return (await database()`
    select m.kind, m.email, m.payload, o.subject as mail_subject, o.to_address as mail_to,
           o.reply_to as mail_reply_to, o.text_body as mail_text
      from public.messages m left join public.mail_outbox o on o.id = m.mail_id
     where m.email = ${email.toLowerCase()} order by m.id`) as unknown as StoredMessage[];
}

/**
 * Every browser test comes from 127.0.0.1, so the per-IP limit (10 per 10 minutes) would stop a second run
 * of the suite; raise it for the stack under test (the limit itself is covered by the api function's tests).
 */
export async function raiseFormLimits(): Promise<void> {
  await database()`update public.settings set value = '1000' where key = 'forms.max_per_ip'`;
}
