import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { Input, Label, Textarea } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { SUPPORT_EMAIL } from '../../lib/site';
import { Honeypot, StatusLine } from '../forms/FormParts';
import { useContactForm } from '../forms/useContactForm';

const CONTACT_MESSAGES = {
  success: 'Message sent! We’ll get back to you within 24 hours.',
  error: `Your message could not be sent. Please try again, or write to ${SUPPORT_EMAIL}.`,
} as const;

/**
 * The contact form (SPEC §4 "Contact form", §5): name, email, subject and message, all required. Used by the
 * landing page's #contact section and the /contact page; the message is stored server-side before any mail.
 */
export function ContactForm({ labelledBy, className }: { labelledBy?: string; className?: string }) {
  const form = useContactForm();
  const id = useId();
  const busy = form.status === 'submitting';
  return (
    <form
      className={cn('rounded-3xl border border-border bg-card p-6 shadow-sm sm:p-8', className)}
      aria-labelledby={labelledBy}
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
            maxLength={100}
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
            maxLength={320}
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
            maxLength={200}
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
            maxLength={5000}
            readOnly={busy}
            value={form.fields.message}
            onChange={(e) => form.update('message', e.target.value)}
          />
        </div>
        <Honeypot value={form.website} onChange={form.setWebsite} />
      </div>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center">
        <Button type="submit" variant="neural" size="lg" disabled={busy} className="sm:min-w-44">
          {busy ? 'Sending…' : 'Send Message'}
        </Button>
        <StatusLine status={form.status} align="start">
          {form.status === 'success' ? CONTACT_MESSAGES.success : null}
          {form.status === 'error' ? CONTACT_MESSAGES.error : null}
        </StatusLine>
      </div>
    </form>
  );
}
