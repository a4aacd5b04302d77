/** Fixed texts of the checkout page (SPEC §2 "Checkout"). */

export const WHAT_YOU_GET = [
  'Instant credit delivery',
  'Secure payment processing',
  'Credits never expire',
  'Priority customer support',
] as const;

export interface Testimonial {
  name: string;
  role: string;
  content: string;
  rating: 5;
}

export const CHECKOUT_TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Marta Kowalski',
    role: 'Product designer',
    content:
      'Bought the Professional pack on a Monday and had every product shot of our catalogue in 3D by Friday.',
    rating: 5,
  },
  {
    name: 'Jonas Weber',
    role: 'Indie game developer',
    content:
      'Credits arrived the second the payment went through. No subscription to forget about is a big plus.',
    rating: 5,
  },
  {
    name: 'Aiko Tanaka',
    role: 'Architecture student',
    content: 'The Starter pack lasted my whole semester project. Clean STL files that printed first time.',
    rating: 5,
  },
];

/** Default pack when the query names none (or an unknown one). */
export const DEFAULT_PACK = 'professional';

/** How long the mobile carousel waits after scrolling stops before selecting the centred pack. */
export const CAROUSEL_SETTLE_MS = 120;
