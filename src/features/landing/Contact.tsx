import { ContactChannels } from '../contact/ContactChannels';
import { ContactForm } from '../contact/ContactForm';
import { SectionHeading } from './SectionHeading';

export function Contact() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="relative py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="contact-title" eyebrow="Contact" title="Talk to a human">
          Questions about a model, a pack or an invoice? Send us a message.
        </SectionHeading>

        <div className="mx-auto mt-14 grid max-w-5xl gap-6 lg:grid-cols-[1fr_1.6fr]">
          <ContactChannels />
          <ContactForm labelledBy="contact-title" />
        </div>
      </div>
    </section>
  );
}
