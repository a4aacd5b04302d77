/**
 * The Generate rules (SPEC §5 "Studio"), checked in the spec's order:
 * 1. not signed in → the sign-in dialog;
 * 2. no image → toast 'Image Required';
 * 3. no format → toast 'Format Required';
 * 4. credits below the cost → the Buy Credits dialog (the free studio skips this).
 * A batch costs one conversion per image; its total is checked up front against the balance.
 */

export interface GenerateInput {
  signedIn: boolean;
  /** How many images would be converted (0 when none is selected). */
  imageCount: number;
  format: string | null | undefined;
  /** The balance the client knows; the server checks again. */
  credits: number;
  free: boolean;
  /** Credits one conversion costs (GET /api/config); null while not known: the server checks alone. */
  price: number | null;
}

export type GenerateDecision =
  | { kind: 'sign-in' }
  | { kind: 'toast'; title: string; description: string }
  | { kind: 'buy-credits'; cost: number }
  | { kind: 'generate'; cost: number };

export const IMAGE_REQUIRED = {
  title: 'Image Required',
  description: 'Please upload an image before generating a 3D model.',
} as const;

export const FORMAT_REQUIRED = {
  title: 'Format Required',
  description: 'Please select a 3D format.',
} as const;

export function decideGenerate(input: GenerateInput): GenerateDecision {
  if (!input.signedIn) return { kind: 'sign-in' };
  if (input.imageCount < 1) return { kind: 'toast', ...IMAGE_REQUIRED };
  if (!input.format) return { kind: 'toast', ...FORMAT_REQUIRED };
  const cost = input.free || input.price === null ? 0 : input.imageCount * input.price;
  if (!input.free && input.credits < cost) return { kind: 'buy-credits', cost };
  return { kind: 'generate', cost };
}
