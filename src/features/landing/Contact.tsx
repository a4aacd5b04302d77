import { useId } from 'react';
import { ChatIcon, CheckIcon, ClockIcon, MailIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { Input, Label, Textarea } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { SUPPORT_EMAIL } from '../../lib/site';
import { useContactForm } from '../forms/useContactForm';
import { SectionHeading } from './SectionHeading';

export const CONTACT_MESSAGES = {
  success: 'Message sent! We’ll get back to you within 24 hours.',
  error: `Your message could not be sent. Please try again, or write to ${SUPPORT_EMAIL}.`,
} as const;

export function Contact() {
  const form = useContactForm();
  const id = useId();
  const busy = form.status === 'submitting';

  return (
    <section id="contact" aria-labelledby="contact-title" className="relative py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="contact-title" eyebrow="Contact" title="Talk to a human">
          Questions about a model, a pack or an invoice? Send us a message.
        </SectionHeading>

        <div className="mx-auto mt-14 grid max-w-5xl gap-6 lg:grid-cols-[1fr_1.6fr]">
          <div className="flex flex-col gap-4">
            <div className="rounded-3xl border border-border bg-card p-6">
              <span className="grid size-11 place-items-center rounded-2xl bg-primary/10 text-primary">
                <MailIcon className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">Email support</h3>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="mt-1 block text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {SUPPORT_EMAIL}
              </a>
              <p className="mt-3 flex items-center gap-1.5 text-sm text-muted-foreground">
                <ClockIcon className="size-4" />
                We reply within 24 hours
              </p>
            </div>
            <div className="rounded-3xl border border-border bg-card p-6">
              <span className="grid size-11 place-items-center rounded-2xl bg-accent/15 text-accent">
                <ChatIcon className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">Live chat</h3>
              <p className="mt-1 text-sm text-muted-foreground">Available 24/7 (Coming Soon)</p>
            </div>
          </div>

          <form
            className="rounded-3xl border border-border bg-card p-6 shadow-sm sm:p-8"
            aria-labelledby="contact-title"
            onSubmit={(e) => {
              e.preventDefault();
              void form.submit();
            }}
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-name`}>Name</Label>
                <Input
                  id={`${id}-name`}
                  name="name"
                  autoComplete="name"
                  required
                  readOnly={busy}
                  value={form.fields.name}
                  onChange={(e) => form.update('name', e.target.value)}
                />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-email`}>Email</Label>
                <Input
                  id={`${id}-email`}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  readOnly={busy}
                  value={form.fields.email}
                  onChange={(e) => form.update('email', e.target.value)}
                />
              </div>
              <div className="flex flex-col gap-2 sm:col-span-2">
                <Label htmlFor={`${id}-subject`}>Subject</Label>
                <Input
                  id={`${id}-subject`}
                  name="subject"
                  required
                  readOnly={busy}
                  value={form.fields.subject}
                  onChange={(e) => form.update('subject', e.target.value)}
                />
              </div>
              <div className="flex flex-col gap-2 sm:col-span-2">
                <Label htmlFor={`${id}-message`}>Message</Label>
                <Textarea
                  id={`${id}-message`}
                  name="message"
                  required
                  rows={5}
                  readOnly={busy}
                  value={form.fields.message}
                  onChange={(e) => form.update('message', e.target.value)}
                />
              </div>
              <input
                type="text"
                name="website"
                tabIndex={-1}
                autoComplete="off"
                aria-hidden="true"
                className="absolute -left-[9999px] h-px w-px opacity-0"
                value={form.website}
                onChange={(e) => form.setWebsite(e.target.value)}
              />
            </div>
            <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
              <Button type="submit" variant="neural" size="lg" disabled={busy} className="sm:min-w-44">
                {busy ? 'Sending…' : 'Send Message'}
              </Button>
              <p
                role="status"
                aria-live="polite"
                data-state={form.status}
                className={cn(
                  'flex items-start gap-1.5 text-sm',
                  form.status === 'success' && 'font-medium text-success',
                  form.status === 'error' && 'font-medium text-destructive',
                )}
              >
                {form.status === 'success' ? <CheckIcon className="mt-0.5 size-4 shrink-0" /> : null}
                {form.status === 'success' ? CONTACT_MESSAGES.success : null}
                {form.status === 'error' ? CONTACT_MESSAGES.error : null}
              </p>
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}
