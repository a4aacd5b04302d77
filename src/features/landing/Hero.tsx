import { Link } from '@tanstack/react-router';
import { CoinsIcon, StarIcon, UploadIcon } from '../../components/icons';
import { Button, buttonVariants } from '../../components/ui/button';
import { CLAIMS } from '../../lib/site';
import { HeroVisual } from './HeroVisual';

const STATS = [
  { value: '<30s', label: 'Image to 3D model' },
  { value: CLAIMS.accuracy, label: 'Silhouette accuracy' },
  { value: CLAIMS.dailyUsers, label: 'Daily users' },
  { value: CLAIMS.rating, label: 'Average rating', star: true },
] as const;

export function Hero({ onGetCredits }: { onGetCredits: () => void }) {
  return (
    <section id="hero" aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-40 left-1/2 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,oklch(0.6_0.24_293/0.22),transparent)] dark:bg-[radial-gradient(closest-side,oklch(0.6_0.24_293/0.32),transparent)]" />
        <div className="absolute top-40 -right-40 h-[28rem] w-[28rem] rounded-full bg-[radial-gradient(closest-side,oklch(0.75_0.14_210/0.2),transparent)]" />
        <div className="absolute inset-0 bg-lattice [mask-image:linear-gradient(to_bottom,black,transparent_75%)]" />
      </div>

      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-28 pb-16 sm:px-6 sm:pt-36 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:px-8 lg:pt-40 lg:pb-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-primary/25 bg-primary/10 py-1 pr-3 pl-1 text-xs font-semibold text-primary sm:text-sm">
            <span className="rounded-full bg-neural px-2 py-0.5 text-[11px] text-white">New</span>
            Print-ready STL in every conversion
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Turn any image into a <span className="text-gradient">real 3D model</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground lg:mx-0">
            Upload one photo, sketch or render. Lift3D isolates the subject, builds a watertight, textured
            mesh and hands you GLB, glTF, OBJ, FBX and STL plus a turntable video — in {CLAIMS.conversionTime}
            .
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button variant="neural" size="lg" onClick={onGetCredits} className="sm:min-w-44">
              <CoinsIcon />
              Get Credits
            </Button>
            <Link
              to="/app"
              className={buttonVariants({ variant: 'outline', size: 'lg', className: 'sm:min-w-44' })}
            >
              <UploadIcon />
              Upload Image
            </Link>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            No subscription · Credits never expire · Commercial license included
          </p>

          <dl className="mx-auto mt-10 grid max-w-xl grid-cols-2 gap-3 sm:grid-cols-4 lg:mx-0">
            {STATS.map((s) => (
              <div
                key={s.label}
                className="rounded-2xl border border-border bg-card/60 px-3 py-3 backdrop-blur"
              >
                <dt className="sr-only">{s.label}</dt>
                <dd className="flex items-center justify-center gap-1 text-xl font-bold tracking-tight lg:justify-start">
                  {s.value}
                  {'star' in s ? <StarIcon className="size-4 fill-amber-400 text-amber-400" /> : null}
                </dd>
                <dd className="mt-0.5 text-xs text-muted-foreground">{s.label}</dd>
              </div>
            ))}
          </dl>
        </div>

        <HeroVisual />
      </div>
    </section>
  );
}
