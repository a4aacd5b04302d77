import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CheckIcon, StarIcon } from '../../components/icons';
import { getConfig } from '../../lib/config';
import { findPack } from '../credits/packs';
import { useCreditPacks } from '../credits/useCreditPacks';
import { costText, useGenerationCost } from '../credits/usePublicSettings';
import { CHECKOUT_TESTIMONIALS, DEFAULT_PACK, WHAT_YOU_GET } from './checkoutContent';
import { PackPicker } from './PackPicker';
import { PaymentSummary } from './PaymentSummary';

/** /checkout (SPEC §2 "Checkout"): pick a pack, pay, or go back. */
export function CheckoutPage({ requestedPack }: { requestedPack?: string }) {
  const { packs } = useCreditPacks();
  const cost = useGenerationCost();
  const config = useQuery({ queryKey: ['config'], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });
  const initial = (requestedPack && findPack(requestedPack, packs)?.id) || DEFAULT_PACK;
  const [selected, setSelected] = useState(initial);

  // A new ?pack= (e.g. from the Buy Credits dialog while already here) selects that pack.
  useEffect(() => {
    if (requestedPack && findPack(requestedPack, packs)) setSelected(requestedPack.trim().toLowerCase());
  }, [requestedPack, packs]);

  const pack = findPack(selected, packs) ?? findPack(DEFAULT_PACK, packs) ?? packs[0];
  const navigate = useNavigate();
  // The chosen pack lives in the URL too, so signing in on this page (or a reload) lands on the same pack.
  const choose = (id: string) => {
    setSelected(id);
    void navigate({ to: '/checkout', search: { pack: id }, replace: true, resetScroll: false });
  };

  return (
    <div className="relative overflow-hidden pt-24 pb-20 sm:pt-28">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-gradient-to-b from-primary/10 to-transparent"
      />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <header className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Get More Credits</h1>
          <p className="mt-3 text-muted-foreground">
            Pick a pack. Every conversion costs {costText(cost)} credits and includes all seven formats (GLB,
            glTF, OBJ, FBX, STL, USDZ and 3MF) and the turntable video.
          </p>
        </header>

        <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">
            <PackPicker packs={packs} selected={pack.id} onSelect={choose} />
          </div>

          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:pt-4">
            <PaymentSummary
              pack={pack}
              payments={config.data?.payments ?? null}
              paypalClientId={config.data?.paypalClientId ?? ''}
            />
          </div>

          <div className="min-w-0 lg:col-start-1 lg:row-start-2">
            <section aria-labelledby="what-you-get" className="rounded-3xl border border-border bg-card p-6">
              <h2 id="what-you-get" className="text-lg font-semibold">
                What You Get
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {WHAT_YOU_GET.map((item) => (
                  <li key={item} className="flex items-center gap-2.5 text-sm">
                    <span className="grid size-6 shrink-0 place-items-center rounded-full bg-primary/15 text-primary">
                      <CheckIcon className="size-3.5" />
                    </span>
                    {item}
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="users-say" className="mt-10">
              <h2 id="users-say" className="text-lg font-semibold">
                What Our Users Say
              </h2>
              <ul className="mt-4 grid gap-4 md:grid-cols-3">
                {CHECKOUT_TESTIMONIALS.map((t) => (
                  <li key={t.name} className="flex flex-col rounded-2xl border border-border bg-card p-5">
                    <div
                      className="flex gap-0.5 text-amber-400"
                      role="img"
                      aria-label={`${t.rating} out of 5 stars`}
                    >
                      {Array.from({ length: t.rating }, (_, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: five identical stars
                        <StarIcon key={i} className="size-4 fill-current" />
                      ))}
                    </div>
                    <blockquote className="mt-3 flex-1 text-sm">“{t.content}”</blockquote>
                    <p className="mt-4 text-sm font-semibold">{t.name}</p>
                    <p className="text-xs text-muted-foreground">{t.role}</p>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      </div>
    </div>
  );
}
