import type { ReactNode } from 'react';

/** The top of a company or legal page: eyebrow, title and lead over the site's lattice glow. */
export function PageHero({
  eyebrow,
  title,
  children,
  actions,
  id = 'page-title',
}: {
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  id?: string;
}) {
  return (
    <section aria-labelledby={id} className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-48 left-1/2 h-[30rem] w-[56rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,oklch(0.6_0.24_293/0.2),transparent)] dark:bg-[radial-gradient(closest-side,oklch(0.6_0.24_293/0.3),transparent)]" />
        <div className="absolute inset-0 bg-lattice [mask-image:linear-gradient(to_bottom,black,transparent_80%)]" />
      </div>
      <div className="mx-auto max-w-3xl px-4 pt-32 pb-12 text-center sm:px-6 sm:pt-40 sm:pb-16">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
        <h1
          id={id}
          className="mt-4 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl"
        >
          {title}
        </h1>
        {children ? (
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">
            {children}
          </p>
        ) : null}
        {actions ? (
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
        ) : null}
      </div>
    </section>
  );
}
