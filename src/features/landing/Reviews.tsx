import { StarIcon } from '../../components/icons';
import { CLAIMS } from '../../lib/site';
import { SectionHeading } from './SectionHeading';

interface Testimonial {
  name: string;
  role: string;
  content: string;
  rating: number;
  emoji: string;
}

const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Maya Chen',
    role: 'Indie game developer',
    content:
      'I turned a folder of concept sketches into GLB props for my prototype in one afternoon. The low-detail meshes drop straight into the engine.',
    rating: 5,
    emoji: '🎮',
  },
  {
    name: 'Daniel Okafor',
    role: 'Architecture student',
    content:
      'I printed my facade study straight from the STL. It was watertight on the first try — no repair pass in the slicer, which never happens.',
    rating: 5,
    emoji: '🏛️',
  },
  {
    name: 'Sofia Rossi',
    role: 'Freelance product designer',
    content:
      'Clients love the turntable videos. I send one with every concept and keep the FBX for my own renders. Credits that never expire suit my workload.',
    rating: 5,
    emoji: '🎨',
  },
];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part.charAt(0).toUpperCase())
    .slice(0, 2)
    .join('');

function Stars({ rating }: { rating: number }) {
  return (
    <div className="flex gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never reorder
          key={i}
          className={i < rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-muted-foreground/40'}
        />
      ))}
    </div>
  );
}

export function Reviews() {
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-title"
      className="relative border-y border-border bg-muted/40 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="reviews-title" eyebrow="Reviews" title={`Rated ${CLAIMS.rating} by creators`}>
          {`${CLAIMS.dailyUsers} people turn images into 3D with Lift3D every day.`}
        </SectionHeading>
        <div className="mt-14 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <figure
              key={t.name}
              className="flex flex-col rounded-3xl border border-border bg-card p-7 shadow-sm"
            >
              <Stars rating={t.rating} />
              <blockquote className="mt-5 flex-1 text-[15px] leading-relaxed">“{t.content}”</blockquote>
              <figcaption className="mt-6 flex items-center gap-3 border-t border-border pt-5">
                <span
                  className="grid size-11 place-items-center rounded-full bg-gradient-to-br from-primary/15 to-accent/20 text-sm font-bold text-primary"
                  aria-hidden="true"
                  data-testid="review-avatar"
                >
                  {/* Initials, not the emoji: they render the same whether or not an emoji font is installed. */}
                  {initials(t.name)}
                </span>
                <span>
                  <span className="block text-sm font-semibold">{t.name}</span>
                  <span className="block text-xs text-muted-foreground">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
