/**
 * The public forms (spec §3, §5 "Forms"): contact message, mobile-app waitlist signup, job application.
 * Anyone may send them. Each is validated, then stored with its notification mail in one SQL call
 * (public.submit_message), so nothing is lost when SMTP is down: the worker delivers the outbox later.
 *
 * Spam: a honeypot field `website` that people never see; when a bot fills it the answer is the same 201
 * but nothing is stored. Floods: the SQL function limits messages per IP address and per e-mail (429).
 */

import { ContactMessage, JobApplication, WaitlistSignup } from '@lift3d/contract';
import { type Context, Hono } from 'hono';
import { hashClientIp } from '../core/client-ip.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { jsonBody } from '../core/validate.ts';

type Kind = 'contact' | 'waitlist' | 'career';

export function formRoutes({ config, db }: AppDeps) {
  async function store(c: Context<AppEnv>, kind: Kind, body: { email: string; website?: string }) {
    const { website, email: address, ...rest } = body;
    if (website?.trim()) return c.json({ success: true }, 201); // a bot: same answer, nothing kept
    const ipHash = await hashClientIp(c, config.jwtSecret ?? config.databaseUrl, config.clientIp);
    const payload = kind === 'career' ? { ...rest, email: address } : rest;
    await db.asService(
      (tx) =>
        tx`select public.submit_message(${kind}, ${address}, ${tx.json(payload)}, ${ipHash}, ${c.get('caller').userId})`,
    );
    return c.json({ success: true }, 201);
  }

  return new Hono<AppEnv>()
    .post('/contact', jsonBody(ContactMessage), (c) => store(c, 'contact', c.req.valid('json')))
    .post('/waitlist', jsonBody(WaitlistSignup), (c) => store(c, 'waitlist', c.req.valid('json')))
    .post('/careers/apply', jsonBody(JobApplication), (c) => store(c, 'career', c.req.valid('json')));
}
