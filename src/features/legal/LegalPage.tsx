import { Link } from '@tanstack/react-router';
import { MailIcon } from '../../components/icons';
import { cn } from '../../lib/cn';
import { useClientValue } from '../../lib/use-client-value';
import { PageHero } from '../company/PageHero';
import { costText, useGenerationCost } from '../credits/usePublicSettings';
import { COMPANY } from './company';
import { type LegalBlock, type LegalDocument, withCost } from './types';

const LEGAL_LINKS = [
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/acceptable-use', label: 'Acceptable Use' },
  { to: '/cookies', label: 'Cookie Policy' },
] as const;

/** Today's date in long US form: the spec shows the last-updated date as the day the page is read. */
export function lastUpdated(now = new Date()): string {
  return now.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

function Block({ block, cost }: { block: LegalBlock; cost: string }) {
  if (typeof block === 'string') return <p>{withCost(block, cost)}</p>;
  return (
    <ul className="list-disc space-y-1.5 pl-5 marker:text-primary">
      {block.list.map((item) => (
        <li key={item}>{withCost(item, cost)}</li>
      ))}
    </ul>
  );
}

/**
 * The one layout of the four legal pages (SPEC §2 "Legal pages"): numbered sections in a 600 px scroll area,
 * the last-updated date, and the postal address and e-mail addresses to contact.
 */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  // The day the page is read, which the build cannot know: its HTML names no day, the browser fills it in.
  const updated = useClientValue(() => lastUpdated(), null);
  const isoDay = useClientValue(() => new Date().toISOString().slice(0, 10), undefined);
  const cost = costText(useGenerationCost());
  return (
    <>
      <PageHero eyebrow="Legal" title={doc.title}>
        {doc.summary}
      </PageHero>
      <div className="mx-auto -mt-6 max-w-5xl px-4 pb-20 sm:px-6 lg:px-8">
        {/* Hidden, not left out, until the day is known: the line keeps its place, nothing below moves. */}
        <p className={cn('text-center text-sm text-muted-foreground', !updated && 'invisible')}>
          Last updated: <time dateTime={isoDay}>{updated}</time>
        </p>
        <nav aria-label="Legal documents" className="mt-6 flex flex-wrap justify-center gap-2">
          {LEGAL_LINKS.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className="rounded-full border border-border px-3 py-1.5 text-sm text-muted-foreground transition-colors hover:border-primary/40 hover:text-foreground"
              activeProps={{ className: 'border-primary/50 bg-primary/10 font-medium text-primary' }}
            >
              {l.label}
            </Link>
          ))}
        </nav>

        <div className="mt-8 grid gap-6 lg:grid-cols-[15rem_1fr]">
          <nav aria-label="Sections" className="hidden lg:block">
            <ol className="sticky top-28 space-y-1 text-sm">
              {doc.sections.map((s, i) => (
                <li key={s.title}>
                  <a
                    href={`#section-${i + 1}`}
                    className="block rounded-lg px-2.5 py-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                  >
                    {i + 1}. {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          {/* The text scrolls inside a 600 px area (spec); focusable so keyboard users can scroll it. */}
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            aria-label={`${doc.title} text`}
            data-testid="legal-scroll"
            className="h-[600px] overflow-y-auto overscroll-contain rounded-3xl border border-border bg-card p-6 shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:p-8"
          >
            <ol className="space-y-8">
              {doc.sections.map((s, i) => (
                <li key={s.title} id={`section-${i + 1}`} className="scroll-mt-6">
                  <h2 className="text-lg font-semibold tracking-tight">
                    <span className="text-primary">{i + 1}.</span> {s.title}
                  </h2>
                  <div className="mt-3 space-y-3 text-[15px] leading-relaxed text-muted-foreground">
                    {s.body.map((b) => (
                      <Block key={typeof b === 'string' ? b : b.list.join('|')} block={b} cost={cost} />
                    ))}
                  </div>
                </li>
              ))}
            </ol>
          </section>
        </div>

        <section
          aria-labelledby="legal-contact"
          className="mt-8 grid gap-6 rounded-3xl border border-border bg-muted/30 p-6 sm:grid-cols-2 sm:p-8"
        >
          <div>
            <h2 id="legal-contact" className="font-semibold">
              Contact us
            </h2>
            <address className="mt-3 text-sm leading-relaxed text-muted-foreground not-italic">
              {COMPANY.postalAddress.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
          <ul className="space-y-2.5 text-sm">
            {COMPANY.emails.map((e) => (
              <li key={e.address} className="flex flex-wrap items-center gap-x-2">
                <MailIcon className="size-4 text-primary" />
                <span className="text-muted-foreground">{e.label}:</span>
                <a
                  href={`mailto:${e.address}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {e.address}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
