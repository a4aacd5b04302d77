import type { GenerationKind, ModelFormat, Tables, Topology } from '@lift3d/contract';

/**
 * A generation as public.generation_start hands it to the worker: the generated row type, with the text
 * columns the table's check constraints limit narrowed to the contract's enums.
 */
export type ClaimedGeneration = Omit<Tables<'generations'>, 'kind' | 'format' | 'topology'> & {
  kind: GenerationKind;
  format: ModelFormat;
  topology: Topology;
};
