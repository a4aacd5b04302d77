import type { ComponentType } from 'react';
import { CubeIcon, type IconProps, ScissorsIcon, UploadIcon } from '../../components/icons';
import { OUTPUT_FORMATS } from '../../lib/site';
import { SectionHeading } from './SectionHeading';

interface Step {
  icon: ComponentType<IconProps>;
  title: string;
  text: string;
  chips: readonly string[];
}

const STEPS: Step[] = [
  {
    icon: UploadIcon,
    title: 'Upload an image',
    text: 'Drop in a photo, product shot, sketch or render. One clear subject works best.',
    chips: ['PNG', 'JPG', 'SVG'],
  },
  {
    icon: ScissorsIcon,
    title: 'Automatic subject isolation',
    text: 'AI finds your subject and removes the background, so only what matters becomes 3D.',
    chips: ['Background removal'],
  },
  {
    icon: CubeIcon,
    title: '3D generation',
    text: 'Lift3D builds a watertight, textured mesh. Pick low or high detail and download in any format.',
    chips: OUTPUT_FORMATS,
  },
];

export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-title"
      className="relative border-y border-border bg-muted/40 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-title" eyebrow="How it works" title="Three steps, under 30 seconds">
          No modelling skills, no plugins, no waiting in a queue for someone else to do it.
        </SectionHeading>
        <div className="relative mt-14">
          <div
            aria-hidden="true"
            className="absolute top-8 right-[16%] left-[16%] hidden h-px bg-gradient-to-r from-primary/0 via-primary/40 to-primary/0 lg:block"
          />
          <ol className="relative grid gap-10 lg:grid-cols-3 lg:gap-6">
            {STEPS.map(({ icon: Icon, title, text, chips }, i) => (
              <li key={title} className="relative flex flex-col items-center text-center">
                <span className="relative grid size-16 place-items-center rounded-2xl bg-neural text-white shadow-lg shadow-primary/30">
                  <Icon className="size-7" />
                  <span className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full border-2 border-background bg-foreground text-xs font-bold text-background">
                    {i + 1}
                  </span>
                </span>
                <h3 className="mt-6 text-lg font-semibold tracking-tight">{title}</h3>
                <p className="mt-2 max-w-xs text-sm leading-relaxed text-muted-foreground">{text}</p>
                <div className="mt-4 flex flex-wrap justify-center gap-1.5">
                  {chips.map((c) => (
                    <span
                      key={c}
                      className="rounded-full border border-border bg-card px-2.5 py-0.5 text-xs font-medium text-muted-foreground"
                    >
                      {c}
                    </span>
                  ))}
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
