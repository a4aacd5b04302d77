import { Link } from '@tanstack/react-router';
import { HelpIcon } from '../../components/icons';
import { PageHero } from '../company/PageHero';
import { ContactChannels } from './ContactChannels';
import { ContactForm } from './ContactForm';

/** /contact: the contact form with the support address, the 24-hour promise and live chat (soon). */
export function ContactPage() {
  return (
    <>
      <PageHero eyebrow="Contact" title="We’re here to help">
        Questions about a model, a credit pack, an invoice or a partnership? Send us a message — a person
        reads every one and replies within 24 hours.
      </PageHero>
      <section aria-label="Contact Lift3D" className="pb-20 sm:pb-28">
        <div className="mx-auto grid max-w-5xl gap-6 px-4 sm:px-6 lg:grid-cols-[1fr_1.6fr] lg:px-8">
          <div className="flex flex-col gap-4">
            <ContactChannels headingLevel={2} />
            <div className="rounded-3xl border border-border bg-card p-6">
              <span className="grid size-11 place-items-center rounded-2xl bg-primary/10 text-primary">
                <HelpIcon className="size-5" />
              </span>
              <h2 className="mt-4 font-semibold">Quick answers</h2>
              <p className="mt-1 text-sm text-muted-foreground">
                Formats, credits and accuracy are covered in our{' '}
                <Link
                  to="/"
                  hash="faq"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  FAQ
                </Link>
                .
              </p>
            </div>
          </div>
          <ContactForm labelledBy="page-title" className="order-first lg:order-none" />
        </div>
      </section>
    </>
  );
}
