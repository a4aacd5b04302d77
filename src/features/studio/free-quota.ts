import { useQuery } from '@tanstack/react-query';
import { type FreeQuota, getFreeQuota } from './api';

/**
 * The free studio's allowance (App66): how many free conversions are left today, from the server's quota
 * route (per account, and per network so that many accounts from one place share it).
 */

/** Shown before the quota arrives (the setting's default). */
export const FREE_QUOTA_FALLBACK: FreeQuota = { limit: 3, used: 0, remaining: 3 };

export function useFreeQuota(enabled: boolean, userId: string | null) {
  return useQuery({
    queryKey: ['free-quota', userId],
    queryFn: getFreeQuota,
    enabled,
    staleTime: 0,
  });
}

/** One line for the panel: what is left, or why nothing is (the same words the server uses for its 429). */
export function freeQuotaText(quota: FreeQuota): { text: string; exhausted: boolean } {
  if (quota.limit <= 0) {
    return { text: 'Free conversions are paused today. Please use credits in the Studio.', exhausted: true };
  }
  if (quota.remaining > 0) {
    return { text: `${quota.remaining} of ${quota.limit} free conversions left today`, exhausted: false };
  }
  if (quota.used >= quota.limit) {
    return {
      text: `You have used your ${quota.limit} free conversions for today. Come back tomorrow, or use credits in the Studio.`,
      exhausted: true,
    };
  }
  return {
    text: 'The free conversions for your network are used up for today. Come back tomorrow, or use credits in the Studio.',
    exhausted: true,
  };
}
