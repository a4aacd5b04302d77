/** The bodies the public forms send (`/api/contact`, `/api/waitlist`, `/api/careers/apply`, `/api/analytics/visit`). */
import * as z from 'zod/mini';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required.`),
      z.maxLength(max, `${label} must be at most ${max} characters.`),
    );

// An absent optional field is stored as '' so the SQL columns stay not null.
const optional = (label: string, max: number) =>
  z._default(
    z.optional(
      z
        .string({ error: `${label} must be text.` })
        .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters.`)),
    ),
    '',
  );

const email = z.pipe(
  z
    .string({ error: 'Email is required.' })
    .check(
      z.trim(),
      z.minLength(1, 'Email is required.'),
      z.maxLength(320, 'Email must be at most 320 characters.'),
    ),
  z.email('Please enter a valid email address.'),
);

/** Hidden field people leave empty; sent only when something filled it. */
const honeypot = z.optional(z.string().check(z.maxLength(1000)));

export const ContactMessage = z.object({
  name: required('Name', 100),
  email,
  subject: required('Subject', 200),
  message: required('Message', 5000),
  website: honeypot,
});
/** What the contact form sends. */
export type ContactMessage = z.input<typeof ContactMessage>;

export const WaitlistSignup = z.object({ email, website: honeypot });
export type WaitlistSignup = z.input<typeof WaitlistSignup>;

export const JobApplication = z.object({
  role: z.pipe(
    optional('Role', 100),
    z.transform((r: string) => r || 'General Application'),
  ),
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
export type JobApplication = z.input<typeof JobApplication>;

/** `POST /api/analytics/visit`: one page view. */
export const Visit = z.object({
  path: z.string().check(z.minLength(1), z.maxLength(2048), z.startsWith('/')),
  referrer: z._default(z.optional(z.string().check(z.maxLength(2048))), ''),
  visitorId: z.optional(z.uuid()),
});
export type Visit = z.input<typeof Visit>;

/** What every form answers once the message is kept (or quietly dropped, for a bot). */
export const Submitted = z.object({ success: z.boolean() });
export type Submitted = z.infer<typeof Submitted>;
