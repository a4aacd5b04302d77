import type { ComponentType } from 'react';
import {
  CubeIcon,
  FilmIcon,
  type IconProps,
  InfinityIcon,
  LayersIcon,
  PrinterIcon,
  ScissorsIcon,
} from '../../components/icons';
import { SectionHeading } from './SectionHeading';

interface Feature {
  icon: ComponentType<IconProps>;
  title: string;
  text: string;
}

const FEATURES: Feature[] = [
  {
    icon: CubeIcon,
    title: 'Real 3D, not a trick',
    text: 'A closed, textured mesh with real depth and a plausible back — not a flat card or a parallax effect. Turn it, light it, print it.',
  },
  {
    icon: LayersIcon,
    title: 'Every format, one price',
    text: 'Each conversion gives you GLB, glTF, OBJ, FBX and STL. Download any of them again later from your profile at no extra cost.',
  },
  {
    icon: PrinterIcon,
    title: 'Print-ready STL',
    text: 'Watertight and solid, scaled in millimetres, with an optional flat base. It goes straight into your slicer without a repair pass.',
  },
  {
    icon: ScissorsIcon,
    title: 'Automatic background removal',
    text: 'AI isolates the subject for you, so busy backgrounds, tables and walls never end up in your model.',
  },
  {
    icon: FilmIcon,
    title: 'Turntable videos',
    text: 'Get a smooth MP4 turntable and a poster image of every model, ready for a portfolio, a client or social media.',
  },
  {
    icon: InfinityIcon,
    title: 'Credits that never expire',
    text: 'Buy a pack once and use it whenever you need it. No subscription, commercial license included.',
  },
];

export function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="relative py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to go from 2D to 3D"
        >
          Built for designers, makers, students and game developers who want usable models, not demos.
        </SectionHeading>
        <div className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <article
              key={title}
              className="group relative flex gap-4 overflow-hidden rounded-3xl border border-border bg-card p-5 transition-all duration-300 hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-xl hover:shadow-primary/5 sm:block sm:p-7"
            >
              <div className="pointer-events-none absolute -top-16 -right-16 size-40 rounded-full bg-primary/10 opacity-0 blur-2xl transition-opacity group-hover:opacity-100" />
              <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-primary/15 to-accent/15 text-primary ring-1 ring-primary/20 sm:size-12">
                <Icon className="size-6" />
              </span>
              <div>
                <h3 className="text-base font-semibold tracking-tight sm:mt-5 sm:text-lg">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:mt-2">{text}</p>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
