import { useId, useState } from 'react';
import { ChevronDownIcon, MailIcon } from '../../components/icons';
import { cn } from '../../lib/cn';
import { useGenerationCost } from '../credits/usePublicSettings';
import { faqItems } from './faqItems';
import { SectionHeading } from './SectionHeading';

const CATEGORY_LABEL = {
  tool: 'The tool',
  audience: 'Who it’s for',
  credits: 'Credits',
  accuracy: 'Accuracy',
  ease: 'Ease of use',
  security: 'Privacy & security',
} as const;

/** Six questions; one answer open at a time, and clicking the open one closes it. */
export function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  const cost = useGenerationCost();
  const baseId = useId();

  return (
    <section id="faq" aria-labelledby="faq-title" className="relative py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.6fr] lg:gap-16 lg:px-8">
        <div>
          <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions, answered" align="left">
            Everything people ask before their first conversion.
          </SectionHeading>
          <a
            href="#contact"
            className="mt-8 hidden items-center gap-3 rounded-2xl border border-border bg-card p-4 text-sm transition-colors hover:border-primary/50 lg:inline-flex"
          >
            <span className="grid size-10 place-items-center rounded-xl bg-primary/10 text-primary">
              <MailIcon className="size-5" />
            </span>
            <span>
              <span className="block font-semibold">Still wondering about something?</span>
              <span className="block text-muted-foreground">Ask us — we reply within 24 hours.</span>
            </span>
          </a>
        </div>

        <div className="flex flex-col gap-3">
          {faqItems(cost).map((item, i) => {
            const isOpen = open === i;
            const Icon = item.icon;
            return (
              <div
                key={item.question}
                data-category={item.category}
                data-open={isOpen}
                className={cn(
                  'rounded-2xl border bg-card transition-colors',
                  isOpen ? 'border-primary/50 shadow-lg shadow-primary/5' : 'border-border',
                )}
              >
                <h3>
                  <button
                    type="button"
                    id={`${baseId}-q${i}`}
                    aria-expanded={isOpen}
                    aria-controls={`${baseId}-a${i}`}
                    onClick={() => setOpen(isOpen ? null : i)}
                    className="flex w-full cursor-pointer items-center gap-4 rounded-2xl p-4 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-5"
                  >
                    <span
                      className={cn(
                        'grid size-10 shrink-0 place-items-center rounded-xl transition-colors',
                        isOpen ? 'bg-neural text-white' : 'bg-primary/10 text-primary',
                      )}
                    >
                      <Icon className="size-5" />
                    </span>
                    <span className="flex-1">
                      <span className="block text-xs font-medium text-muted-foreground">
                        {CATEGORY_LABEL[item.category]}
                      </span>
                      <span className="block text-base font-semibold">{item.question}</span>
                    </span>
                    <ChevronDownIcon
                      className={cn(
                        'size-5 shrink-0 text-muted-foreground transition-transform duration-200',
                        isOpen && 'rotate-180',
                      )}
                    />
                  </button>
                </h3>
                <section
                  id={`${baseId}-a${i}`}
                  aria-labelledby={`${baseId}-q${i}`}
                  hidden={!isOpen}
                  className="px-4 pb-5 pl-[4.5rem] text-sm leading-relaxed text-muted-foreground sm:px-5 sm:pl-[5rem]"
                >
                  {item.answer}
                </section>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
