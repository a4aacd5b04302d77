import { lazy, Suspense, useState } from 'react';
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

export function LandingPage() {
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
