import { lazy, Suspense, useState } from 'react';
import {
  ArrowRightIcon,
  ClockIcon,
  GlobeIcon,
  SparklesIcon,
  TargetIcon,
  ZapIcon,
} from '../../components/icons';
import { Button, buttonVariants } from '../../components/ui/button';
import { PageHero } from '../company/PageHero';
import { GENERAL_APPLICATION, ROLES, VALUES } from './roles';

// Headless UI's dialog loads when someone first applies.
const ApplyDialog = lazy(() => import('./ApplyDialog'));
const VALUE_ICONS = { Excellence: SparklesIcon, Velocity: ZapIcon, Ownership: TargetIcon } as const;

/** /careers (SPEC §2 "Careers and About"): hero, mission, values, open roles and the application dialog. */
export function CareersPage() {
  const [role, setRole] = useState(GENERAL_APPLICATION);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const apply = (which: string) => {
    setRole(which);
    setMounted(true);
    setOpen(true);
  };

  return (
    <>
      <PageHero
        eyebrow="Careers"
        title={
          <>
            Build the fastest way from <span className="text-gradient">an idea to an object</span>
          </>
        }
        actions={
          <>
            <a href="#roles" className={buttonVariants({ variant: 'neural', size: 'lg' })}>
              See open roles
              <ArrowRightIcon />
            </a>
            <Button variant="outline" size="lg" onClick={() => apply(GENERAL_APPLICATION)}>
              Introduce Yourself
            </Button>
          </>
        }
      >
        We are a small, remote team of graphics, AI and product people making 3D creation as easy as taking a
        photo.
      </PageHero>

      <section aria-labelledby="mission-title" className="py-12 sm:py-16">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <div className="relative isolate overflow-hidden rounded-[2rem] bg-neural px-6 py-12 text-white shadow-2xl shadow-primary/20 sm:px-12">
            <div
              aria-hidden="true"
              className="absolute inset-0 -z-10 bg-lattice opacity-40 mix-blend-overlay"
            />
            <p className="text-sm font-semibold tracking-wide text-white/80 uppercase">Our mission</p>
            <h2
              id="mission-title"
              className="mt-3 max-w-3xl text-2xl font-bold tracking-tight text-balance sm:text-3xl"
            >
              Give everyone who can draw, photograph or imagine something the power to hold it in 3D.
            </h2>
            <p className="mt-4 max-w-2xl text-base leading-relaxed text-white/85">
              Our own engine turns a single image into a watertight, textured model in seconds. Thousands of
              creators use it every day — and there is a lot left to build.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="values-title" className="py-12 sm:py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">Our values</p>
            <h2 id="values-title" className="mt-3 text-3xl font-bold tracking-tight">
              How we work
            </h2>
          </div>
          <ul className="mt-10 grid gap-5 md:grid-cols-3">
            {VALUES.map(({ title, body }) => {
              const Icon = VALUE_ICONS[title];
              return (
                <li key={title} className="rounded-3xl border border-border bg-card p-6 shadow-sm">
                  <span className="grid size-11 place-items-center rounded-2xl bg-primary/10 text-primary">
                    <Icon className="size-5" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section id="roles" aria-labelledby="roles-title" className="scroll-mt-24 py-12 sm:py-16">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">Open roles</p>
            <h2 id="roles-title" className="mt-3 text-3xl font-bold tracking-tight">
              Join us
            </h2>
          </div>
          <ul className="mt-8 flex flex-col gap-4">
            {ROLES.map((r) => (
              <li
                key={r.title}
                className="flex flex-col gap-5 rounded-3xl border border-border bg-card p-6 shadow-sm transition-colors hover:border-primary/40 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="text-xs font-semibold tracking-wide text-primary uppercase">{r.team}</p>
                  <h3 className="mt-1 text-xl font-semibold tracking-tight">{r.title}</h3>
                  <p className="mt-2 max-w-2xl text-sm leading-relaxed text-muted-foreground">{r.summary}</p>
                  <ul className="mt-3 flex flex-wrap gap-2">
                    {r.highlights.map((h) => (
                      <li key={h} className="rounded-full bg-muted px-2.5 py-1 text-xs text-muted-foreground">
                        {h}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                    <span className="inline-flex items-center gap-1.5">
                      <GlobeIcon className="size-4" />
                      {r.location}
                    </span>
                    <span className="inline-flex items-center gap-1.5">
                      <ClockIcon className="size-4" />
                      {r.type}
                    </span>
                  </p>
                </div>
                <Button
                  variant="neural"
                  onClick={() => apply(r.title)}
                  aria-label={`Apply for ${r.title}`}
                  className="sm:mt-1"
                >
                  Apply
                  <ArrowRightIcon />
                </Button>
              </li>
            ))}
          </ul>

          <div className="mt-10 flex flex-col items-start gap-4 rounded-3xl border border-dashed border-primary/40 bg-primary/5 p-6 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h3 className="text-lg font-semibold">Don’t see your role?</h3>
              <p className="mt-1 text-sm text-muted-foreground">
                We are always glad to meet great people. Tell us what you would build at Lift3D.
              </p>
            </div>
            <Button variant="glow" onClick={() => apply(GENERAL_APPLICATION)}>
              Introduce Yourself
            </Button>
          </div>
        </div>
      </section>

      {mounted ? (
        <Suspense fallback={null}>
          <ApplyDialog role={role} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
