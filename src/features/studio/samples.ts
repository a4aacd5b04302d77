/**
 * The studio's sample images (SPEC §2: Demo-1 … Demo-10). The PNGs in `public/samples/` are drawn by
 * `scripts/make-samples.ts`; this list is the single source of their names and captions.
 */
export interface Sample {
  /** File stem in `public/samples/`. */
  id: string;
  /** Shown under the thumbnail and used as the file name once picked. */
  name: string;
  label: string;
}

export const SAMPLES: readonly Sample[] = [
  { id: 'demo-1', name: 'Demo-1', label: 'Ceramic vase' },
  { id: 'demo-2', name: 'Demo-2', label: 'Teal mug' },
  { id: 'demo-3', name: 'Demo-3', label: 'Rubber duck' },
  { id: 'demo-4', name: 'Demo-4', label: 'Chess pawn' },
  { id: 'demo-5', name: 'Demo-5', label: 'Toadstool' },
  { id: 'demo-6', name: 'Demo-6', label: 'Robot toy' },
  { id: 'demo-7', name: 'Demo-7', label: 'Potted plant' },
  { id: 'demo-8', name: 'Demo-8', label: 'Rocket' },
  { id: 'demo-9', name: 'Demo-9', label: 'Teapot' },
  { id: 'demo-10', name: 'Demo-10', label: 'Table lamp' },
];

export function sampleUrl(sample: Sample): string {
  return `/samples/${sample.id}.png`;
}
