import type { Functions } from '@lift3d/contract';

/**
 * A generation as public.generation_start hands it to the worker: the generated row type, whose kind,
 * format and topology are SQL domains and so come typed as the contract's values.
 */
export type ClaimedGeneration = Functions<'generation_start'>['Returns'];
