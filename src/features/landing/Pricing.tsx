import { Link } from '@tanstack/react-router';
import { CheckIcon, InfinityIcon, LockIcon, ShieldIcon } from '../../components/icons';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format-number';
import { formatEuro, generationsText } from '../credits/packs';
import { useCreditPacks } from '../credits/useCreditPacks';
import { costText, useGenerationCost } from '../credits/usePublicSettings';
import { SectionHeading } from './SectionHeading';

const ASSURANCES = [
  { icon: InfinityIcon, text: 'Credits never expire' },
  { icon: ShieldIcon, text: '7-day money-back guarantee' },
  { icon: LockIcon, text: 'Secure payment' },
];

export function Pricing() {
  const { packs } = useCreditPacks();
  const cost = useGenerationCost();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="relative py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Pay once, create whenever you like">
          {`One conversion costs ${costText(cost)} credits and includes every format and the turntable video. No subscription.`}
        </SectionHeading>

        <div className="mx-auto mt-14 grid max-w-5xl items-stretch gap-6 lg:grid-cols-3">
          {packs.map((pack) => (
            <article
              key={pack.id}
              data-pack={pack.id}
              className={cn(
                'relative flex flex-col rounded-3xl border bg-card p-7',
                pack.popular
                  ? 'border-primary/60 shadow-2xl shadow-primary/15 ring-1 ring-primary/40 lg:-my-4 lg:py-11'
                  : 'border-border',
              )}
            >
              {pack.popular ? (
                <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-neural px-3.5 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-lg shadow-primary/30">
                  Most Popular
                </span>
              ) : null}
              <h3 className="text-lg font-semibold">{pack.name}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{pack.note}</p>
              <p className="mt-6 flex items-baseline gap-1.5">
                <span className="text-5xl font-extrabold tracking-tight">{formatEuro(pack.price)}</span>
                <span className="text-sm text-muted-foreground">one-time</span>
              </p>
              <p className="mt-3 text-sm">
                <span className="font-semibold">{formatCount(pack.credits)} credits</span>
                <span className="text-muted-foreground">
                  {' '}
                  · {generationsText(pack.credits, cost)} generations
                </span>
              </p>
              {pack.bonus ? (
                <p className="mt-2 inline-flex w-fit rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-semibold text-success">
                  {pack.bonus}
                </p>
              ) : null}
              <ul className="mt-6 flex-1 space-y-3 border-t border-border pt-6 text-sm">
                {pack.features.map((f) => (
                  <li key={f} className="flex gap-2.5">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
                    {f}
                  </li>
                ))}
              </ul>
              <Link
                to="/checkout"
                search={{ pack: pack.id }}
                className={buttonVariants({
                  variant: pack.popular ? 'neural' : 'outline',
                  size: 'lg',
                  className: 'mt-8 w-full',
                })}
                aria-label={`Buy the ${pack.name} pack`}
              >
                Get {pack.name}
              </Link>
            </article>
          ))}
        </div>

        <ul className="mt-12 flex flex-wrap justify-center gap-x-8 gap-y-3 text-sm text-muted-foreground">
          {ASSURANCES.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon className="size-4 text-primary" />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
