import { CheckIcon } from '../../components/icons';
import { cn } from '../../lib/cn';
import { formatEuro, generationsText, type PackOffer, pricePerThousand } from '../credits/packs';
import { useGenerationCost } from '../credits/usePublicSettings';

/** One selectable pack of the checkout (a radio in the pack radiogroup). */
export function PackCard({
  pack,
  selected,
  onSelect,
}: {
  pack: PackOffer;
  selected: boolean;
  onSelect: () => void;
}) {
  const cost = useGenerationCost();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card-sized radio; native radios cannot hold this layout
    <div
      role="radio"
      aria-checked={selected}
      aria-labelledby={`pack-${pack.id}-name`}
      aria-describedby={`pack-${pack.id}-note`}
      tabIndex={selected ? 0 : -1}
      data-pack={pack.id}
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.key === ' ' || e.key === 'Enter') {
          e.preventDefault();
          onSelect();
        }
      }}
      className={cn(
        'relative flex h-full cursor-pointer flex-col rounded-3xl border bg-card p-6 text-left transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring',
        selected
          ? 'border-primary shadow-xl shadow-primary/15 ring-2 ring-primary/50'
          : 'border-border hover:border-primary/40',
      )}
    >
      {pack.popular ? (
        <span className="absolute -top-3 left-6 rounded-full bg-neural px-3 py-0.5 text-xs font-semibold whitespace-nowrap text-white shadow-lg shadow-primary/30">
          Most Popular
        </span>
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={`pack-${pack.id}-name`} className="text-lg font-semibold">
            {pack.name}
          </h2>
          <p id={`pack-${pack.id}-note`} className="mt-1 text-sm text-muted-foreground">
            {pack.note}
          </p>
        </div>
        <span
          aria-hidden="true"
          className={cn(
            'mt-1 grid size-6 shrink-0 place-items-center rounded-full border-2',
            selected ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
          )}
        >
          {selected ? <CheckIcon className="size-3.5" /> : null}
        </span>
      </div>
      <p className="mt-5 text-4xl font-extrabold tracking-tight">{formatEuro(pack.price)}</p>
      <p className="mt-3 text-sm">
        <span className="font-semibold">{pack.credits.toLocaleString('en-US')} credits</span>
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
        <div className="rounded-xl bg-muted/60 px-3 py-2">
          <dt className="text-muted-foreground">Generations</dt>
          <dd className="mt-0.5 text-sm font-semibold" data-testid="generations">
            {generationsText(pack.credits, cost)}
          </dd>
        </div>
        <div className="rounded-xl bg-muted/60 px-3 py-2">
          <dt className="text-muted-foreground">Per 1,000 credits</dt>
          <dd className="mt-0.5 text-sm font-semibold" data-testid="per-thousand">
            €{pricePerThousand(pack)}
          </dd>
        </div>
      </dl>
      {pack.bonus ? (
        <p className="mt-3 inline-flex w-fit rounded-full bg-success/15 px-2.5 py-0.5 text-xs font-semibold text-success">
          {pack.bonus}
        </p>
      ) : null}
      <ul className="mt-4 space-y-2 border-t border-border pt-4 text-sm">
        {pack.features.map((f) => (
          <li key={f} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
            {f}
          </li>
        ))}
      </ul>
    </div>
  );
}
