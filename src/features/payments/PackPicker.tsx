import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import type { PackOffer } from '../credits/packs';
import { CAROUSEL_SETTLE_MS } from './checkoutContent';
import { PackCard } from './PackCard';

/** The pack nearest the horizontal centre of a scroller: the one a swipe came to rest on. */
export function centredIndex(
  scrollerLeft: number,
  scrollerWidth: number,
  cards: Array<{ left: number; width: number }>,
) {
  const centre = scrollerLeft + scrollerWidth / 2;
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  cards.forEach((c, i) => {
    const d = Math.abs(c.left + c.width / 2 - centre);
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  });
  return best;
}

/**
 * The packs: a grid on wide screens; on phones a horizontal snap carousel with dots, where the pack
 * nearest the centre is selected 120 ms after scrolling stops (SPEC §2 "Checkout").
 */
export function PackPicker({
  packs,
  selected,
  onSelect,
}: {
  packs: readonly PackOffer[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);

  const scrollTo = useCallback((id: string, behavior: ScrollBehavior) => {
    const el = scroller.current;
    const card = el?.querySelector<HTMLElement>(`[data-pack="${CSS.escape(id)}"]`);
    if (!el || !card || el.scrollWidth <= el.clientWidth) return;
    el.scrollTo({ left: card.offsetLeft - (el.clientWidth - card.offsetWidth) / 2, behavior });
  }, []);

  // Start with the preselected pack in view on phones, once: later data must not undo a user's swipe.
  const placed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first paint with cards
  useLayoutEffect(() => {
    if (placed.current || packs.length === 0) return;
    placed.current = true;
    scrollTo(selected, 'instant');
  }, [packs, scrollTo]);

  useEffect(
    () => () => {
      if (settle.current) clearTimeout(settle.current);
    },
    [],
  );

  const onScroll = () => {
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const el = scroller.current;
      if (!el) return;
      const cards = Array.from(el.querySelectorAll<HTMLElement>('[data-pack]'));
      const i = centredIndex(
        el.scrollLeft,
        el.clientWidth,
        cards.map((c) => ({ left: c.offsetLeft, width: c.offsetWidth })),
      );
      const id = cards[i]?.dataset.pack;
      if (id && id !== selected) onSelect(id);
    }, CAROUSEL_SETTLE_MS);
  };

  const choose = (id: string) => {
    onSelect(id);
    scrollTo(id, 'smooth');
  };

  return (
    <div>
      <div
        ref={scroller}
        role="radiogroup"
        aria-label="Credit packs"
        onScroll={onScroll}
        className="relative -mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-[calc(50vw-min(39vw,12rem))] pt-4 pb-4 [scrollbar-width:none] lg:mx-0 lg:grid lg:snap-none lg:grid-cols-3 lg:gap-5 lg:overflow-visible lg:px-0 [&::-webkit-scrollbar]:hidden"
        data-testid="pack-picker"
      >
        {packs.map((pack) => (
          <div key={pack.id} className="w-[min(78vw,24rem)] shrink-0 snap-center lg:w-auto">
            <PackCard pack={pack} selected={pack.id === selected} onSelect={() => choose(pack.id)} />
          </div>
        ))}
      </div>
      <div className="mt-2 flex justify-center gap-2 lg:hidden" data-testid="carousel-dots">
        {packs.map((pack) => (
          <button
            key={pack.id}
            type="button"
            onClick={() => choose(pack.id)}
            aria-label={`Show the ${pack.name} pack`}
            aria-current={pack.id === selected}
            className={cn(
              'h-2 cursor-pointer rounded-full transition-all',
              pack.id === selected
                ? 'w-6 bg-primary'
                : 'w-2 bg-muted-foreground/40 hover:bg-muted-foreground/70',
            )}
          />
        ))}
      </div>
    </div>
  );
}
