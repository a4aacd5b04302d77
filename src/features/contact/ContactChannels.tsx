import { ChatIcon, ClockIcon, MailIcon } from '../../components/icons';
import { SUPPORT_EMAIL } from '../../lib/site';

/** The ways to reach support besides the form: e-mail with the 24-hour promise, and live chat (soon). */
export function ContactChannels({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  // On the landing page the cards sit under the section's h2; on /contact directly under the page's h1.
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-3xl border border-border bg-card p-6">
        <span className="grid size-11 place-items-center rounded-2xl bg-primary/10 text-primary">
          <MailIcon className="size-5" />
        </span>
        <Heading className="mt-4 font-semibold">Email support</Heading>
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
        <Heading className="mt-4 font-semibold">Live chat</Heading>
        <p className="mt-1 text-sm text-muted-foreground">Available 24/7 (Coming Soon)</p>
      </div>
    </div>
  );
}
