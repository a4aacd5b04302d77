import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ArrowRightIcon, SparklesIcon } from '../icons';
import { buttonVariants } from '../ui/button';

/** Body of a page whose feature is still being built: honest, on-brand, with a way forward. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  const { pathname } = useLocation();
  const inStudio = /^\/app(66|88|99)?$/.test(pathname);
  return (
    <section className="relative isolate overflow-hidden px-4 pt-32 pb-24 sm:pt-40">
      <div className="absolute inset-0 -z-10 bg-lattice opacity-60 [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]" />
      <div className="mx-auto max-w-xl text-center">
        <span className="inline-flex items-center gap-1.5 rounded-full border border-primary/30 bg-primary/10 px-3 py-1 text-xs font-semibold text-primary">
          <SparklesIcon className="size-3.5" />
          Coming soon
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-4 text-base leading-relaxed text-muted-foreground">
          {children ?? 'We are putting the finishing touches on this page. Check back shortly.'}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            Back to home
          </Link>
          {inStudio ? (
            <Link to="/" hash="pricing" className={buttonVariants({ variant: 'neural', size: 'lg' })}>
              See pricing
              <ArrowRightIcon />
            </Link>
          ) : (
            <Link to="/app" className={buttonVariants({ variant: 'neural', size: 'lg' })}>
              Open the studio
              <ArrowRightIcon />
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
