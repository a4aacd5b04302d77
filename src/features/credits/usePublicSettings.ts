import type { PublicSettings } from '@lift3d/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const publicSettingsQuery = {
  queryKey: ['public-settings'] as const,
  queryFn: (): Promise<PublicSettings> => api.getSettings(),
};

/**
 * The price of a conversion and the limits, from the database (`GET /api/config`): an admin changes the
 * price there and the api charges it, so the SPA never carries its own copy. Undefined until it arrives.
 */
function usePublicSettings(): PublicSettings | undefined {
  return useQuery({ ...publicSettingsQuery, staleTime: 60_000 }).data;
}

/** Credits one conversion costs, or null while the price is not known yet. */
export function useGenerationCost(): number | null {
  return usePublicSettings()?.generationCost ?? null;
}

/**
 * The largest batch: conversions one account may run at once (each image of a batch is one), within the
 * api's batch cap. Null while not known: the server checks alone.
 */
export function useMaxBatch(): number | null {
  return usePublicSettings()?.maxBatch ?? null;
}

/** The price as text: the number once known, an ellipsis before. */
export function costText(cost: number | null): string {
  return cost === null ? '…' : String(cost);
}
