/**
 * The public forms (spec §3, §5 "Forms"): contact message, mobile-app waitlist signup, job application.
 * Anyone may send them. Each is validated, then stored with its notification mail in one SQL call
 * (public.submit_message), so nothing is lost when SMTP is down: the worker delivers the outbox later.
 *
 * Spam: a honeypot field `website` that people never see; when a bot fills it the answer is the same 201
 * but nothing is stored. Floods: the SQL function limits messages per IP address and per e-mail (429).
 */
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { hashClientIp } from '../core/client-ip.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { parseJson } from '../core/validate.ts';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const optional = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .default('');

const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(320, 'Email must be at most 320 characters.')
  .pipe(z.email('Please enter a valid email address.'));

/** Hidden field: people leave it empty. */
const honeypot = z.string().max(1000).optional();

const ContactMessage = z.object({
  name: required('Name', 100),
  email,
  subject: required('Subject', 200),
  message: required('Message', 5000),
  website: honeypot,
});

const WaitlistSignup = z.object({ email, website: honeypot });

const JobApplication = z.object({
  role: optional('Role', 100).transform((r) => r || 'General Application'),
  full_name: required('Full name', 100),
  email,
  location: optional('Location', 200),
  years_experience: optional('Years of experience', 50),
  linkedin: optional('LinkedIn URL', 500),
  portfolio: optional('Portfolio URL', 500),
  github: optional('GitHub URL', 500),
  resume_url: optional('Resume/CV URL', 500),
  compensation: optional('Compensation expectations', 200),
  availability: optional('Availability', 200),
  skills_summary: optional('Skills / highlights', 5000),
  website: honeypot,
});

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
    .post('/contact', async (c) => store(c, 'contact', await parseJson(c, ContactMessage)))
    .post('/waitlist', async (c) => store(c, 'waitlist', await parseJson(c, WaitlistSignup)))
    .post('/careers/apply', async (c) => store(c, 'career', await parseJson(c, JobApplication)));
}
