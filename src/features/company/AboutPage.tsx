import { Link } from '@tanstack/react-router';
import {
  ArrowRightIcon,
  InfinityIcon,
  LayersIcon,
  LockIcon,
  PrinterIcon,
  ShieldIcon,
  UsersIcon,
} from '../../components/icons';
import { buttonVariants } from '../../components/ui/button';
import { costText, useGenerationCost } from '../credits/usePublicSettings';
import { PageHero } from './PageHero';

/** The principles; the price comes from the database (`cost`, as `costText` writes it). */
const principles = (cost: string) =>
  [
    {
      icon: LayersIcon,
      title: 'Real geometry, not a trick',
      body: 'Every conversion is a closed, textured mesh you can open in Blender, Unity or a slicer — GLB, glTF, OBJ, FBX and STL from the same credits.',
    },
    {
      icon: InfinityIcon,
      title: 'Fair, simple pricing',
      body: `Prepaid credits, ${cost} per conversion, no subscription. Credits never expire, and every format is included.`,
    },
    {
      icon: LockIcon,
      title: 'Your images stay yours',
      body: 'We use uploads only to make your model. We never sell them or train models on them, and you can delete your models at any time.',
    },
    {
      icon: PrinterIcon,
      title: 'Made to be used',
      body: 'Print-ready STL in millimetres, a turntable video to share, and a commercial licence for everything you create.',
    },
  ] as const;

/** /about (SPEC §2 "Careers and About"): the story and the philosophy, with the way to the studio. */
export function AboutPage() {
  const cost = costText(useGenerationCost());
  return (
    <>
      <PageHero
        eyebrow="About Lift3D"
        title={
          <>
            Everyone has ideas in 2D. <span className="text-gradient">We lift them into 3D.</span>
          </>
        }
        actions={
          <Link to="/app" className={buttonVariants({ variant: 'neural', size: 'lg' })}>
            Start Creating
            <ArrowRightIcon />
          </Link>
        }
      >
        Lift3D turns a single image — a photo, a sketch, a product render — into a real 3D model and a
        turntable video, in seconds, for anyone.
      </PageHero>

      <section aria-labelledby="story-title" className="py-16 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.2fr] lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">Our story</p>
            <h2 id="story-title" className="mt-3 text-3xl font-bold tracking-tight text-balance">
              3D should not take a week and a specialist
            </h2>
          </div>
          <div className="space-y-5 text-base leading-relaxed text-muted-foreground sm:text-lg">
            <p>
              Lift3D started with a simple frustration: a designer had a finished product render and needed a
              3D model of it for an AR preview. The quote came back at five days and a few hundred euros. The
              picture already held almost everything the model needed.
            </p>
            <p>
              So we built an engine that reads a single image the way a modeller would: it isolates the
              subject, removes the background, infers depth from the silhouette and shading, and builds a
              watertight, textured mesh — then exports it to every format people actually use.
            </p>
            <p>
              Today freelancers, architects, game and AR/VR creators, teachers and students use Lift3D to go
              from idea to object in under a minute, and to 3D-print what they drew.
            </p>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="philosophy-title"
        className="border-y border-border bg-muted/30 py-16 sm:py-20"
      >
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">Our philosophy</p>
            <h2 id="philosophy-title" className="mt-3 text-3xl font-bold tracking-tight text-balance">
              Tools that respect the people who use them
            </h2>
          </div>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2">
            {principles(cost).map(({ icon: Icon, title, body }) => (
              <li key={title} className="rounded-3xl border border-border bg-card p-6 shadow-sm">
                <span className="grid size-11 place-items-center rounded-2xl bg-primary/10 text-primary">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldIcon className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              How we handle your images and account data is written plainly in our{' '}
              <Link to="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
                Privacy Policy
              </Link>
              .
            </span>
          </p>
        </div>
      </section>

      <section aria-labelledby="about-cta" className="py-16 sm:py-24">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <UsersIcon className="mx-auto size-8 text-primary" />
          <h2 id="about-cta" className="mt-4 text-3xl font-bold tracking-tight text-balance">
            Bring your first image to life
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Upload an image, pick a format, and hold your model in under 30 seconds.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/app" className={buttonVariants({ variant: 'neural', size: 'lg' })}>
              Start Creating
              <ArrowRightIcon />
            </Link>
            <Link to="/careers" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              Join the team
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
