import { forwardRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { SAMPLES, type Sample, sampleUrl } from './samples';

/** Fetches a sample as a blob (no HTTP cache, SPEC §7) and wraps it as the file the user would have picked. */
export async function loadSample(sample: Sample): Promise<File> {
  const res = await fetch(sampleUrl(sample), { cache: 'no-store' });
  if (!res.ok) throw new Error(`studio: sample ${sample.name} could not be loaded (HTTP ${res.status})`);
  const blob = await res.blob();
  return new File([blob], `${sample.name}.png`, {
    type: blob.type.startsWith('image/') ? blob.type : 'image/png',
  });
}

/** 'Or try a sample image': the ten Demo images; a click selects one as the image to convert. */
export const SampleGrid = forwardRef<
  HTMLElement,
  { selectedName: string | null; onPick: (sample: Sample) => Promise<void> }
>(function SampleGrid({ selectedName, onPick }, ref) {
  const [loading, setLoading] = useState<string | null>(null);
  return (
    <section ref={ref} id="samples" aria-labelledby="samples-title" className="mt-10 scroll-mt-24">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="samples-title" className="text-lg font-semibold tracking-tight">
          Or try a sample image
        </h2>
        <p className="text-sm text-muted-foreground">
          Made for conversion: one object, transparent background.
        </p>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-5">
        {SAMPLES.map((sample) => {
          const selected = selectedName === `${sample.name}.png`;
          return (
            <li key={sample.id}>
              <button
                type="button"
                onClick={async () => {
                  setLoading(sample.id);
                  try {
                    await onPick(sample);
                  } finally {
                    setLoading(null);
                  }
                }}
                aria-pressed={selected}
                aria-label={`${sample.name}: ${sample.label}`}
                className={cn(
                  'group flex w-full cursor-pointer flex-col overflow-hidden rounded-2xl border bg-card text-left transition-all outline-none hover:-translate-y-0.5 hover:shadow-lg hover:shadow-primary/10 focus-visible:ring-2 focus-visible:ring-ring',
                  selected ? 'border-primary ring-2 ring-primary/40' : 'border-border',
                )}
              >
                <span className="relative aspect-square bg-gradient-to-b from-muted/40 to-muted">
                  <img
                    src={sampleUrl(sample)}
                    alt=""
                    loading="lazy"
                    width={512}
                    height={512}
                    className={cn(
                      'absolute inset-0 h-full w-full object-contain p-3 transition-transform group-hover:scale-105',
                      loading === sample.id && 'animate-pulse',
                    )}
                  />
                </span>
                <span className="flex items-center justify-between gap-2 px-3 py-2 text-xs">
                  <span className="font-semibold">{sample.name}</span>
                  <span className="truncate text-muted-foreground">{sample.label}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
});
