import { lazy, Suspense, useEffect, useState } from 'react';
import { takeover } from '../../boot/takeover';
import { Contact } from './Contact';
import { Faq } from './Faq';
import { Features } from './Features';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { MobileApp } from './MobileApp';
import { Pricing } from './Pricing';
import { Reviews } from './Reviews';
import { ScrollProgress } from './ScrollProgress';

// Dialogs load when first opened, keeping Headless UI out of the landing page's initial JavaScript.
const BuyCreditsDialog = lazy(() => import('../credits/BuyCreditsDialog'));
const WaitlistDialog = lazy(() => import('../waitlist/WaitlistDialog'));

type OpenDialog = 'buy-credits' | 'waitlist' | null;

/**
 * A deep link such as `/#pricing` arrives before React has rendered the sections, so the browser's own jump
 * misses; jump once the page is there, and again when web fonts have settled the layout. Not when React takes
 * the prerendered landing over: its sections were there for the browser's jump, and the visitor may have
 * scrolled away since (src/boot/takeover.ts).
 */
function useInitialHashScroll() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id || takeover.active) return;
    const jump = () => document.getElementById(id)?.scrollIntoView({ behavior: 'instant', block: 'start' });
    const frame = requestAnimationFrame(jump);
    let cancelled = false;
    void document.fonts?.ready.then(() => {
      if (!cancelled) jump();
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, []);
}

export function LandingPage() {
  useInitialHashScroll();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [mounted, setMounted] = useState<Set<OpenDialog>>(new Set());

  function open(which: Exclude<OpenDialog, null>) {
    setMounted((m) => new Set(m).add(which));
    setDialog(which);
  }
  const close = () => setDialog(null);

  return (
    <>
      <ScrollProgress />
      <Hero onGetCredits={() => open('buy-credits')} />
      <Features />
      <HowItWorks />
      <Pricing />
      <Reviews />
      <MobileApp onOpenWaitlist={() => open('waitlist')} />
      <Faq />
      <Contact />
      <Suspense fallback={null}>
        {mounted.has('buy-credits') ? (
          <BuyCreditsDialog open={dialog === 'buy-credits'} onClose={close} />
        ) : null}
        {mounted.has('waitlist') ? <WaitlistDialog open={dialog === 'waitlist'} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
