import type { Generation } from './generation';

/**
 * The jobs the studio follows, kept in sessionStorage per variant so a reload (or a tab restored by the
 * browser) picks their progress up again instead of losing sight of a job that is still running and paid for.
 */

export interface FollowedJobs {
  model: string | null;
  preview: string | null;
}

const key = (variant: string) => `lift3d-studio-jobs:${variant}`;

export function saveFollowed(variant: string, jobs: FollowedJobs, storage: Storage = sessionStorage): void {
  try {
    if (!jobs.model && !jobs.preview) storage.removeItem(key(variant));
    else storage.setItem(key(variant), JSON.stringify(jobs));
  } catch {
    // storage full or disabled: resuming is a convenience, the job itself is safe on the server
  }
}

export function readFollowed(variant: string, storage: Storage = sessionStorage): FollowedJobs {
  try {
    const raw = storage.getItem(key(variant));
    const v = raw ? (JSON.parse(raw) as Partial<FollowedJobs>) : {};
    return {
      model: typeof v.model === 'string' ? v.model : null,
      preview: typeof v.preview === 'string' ? v.preview : null,
    };
  } catch {
    return { model: null, preview: null };
  }
}

export function followedFrom(model: Generation | null, preview: Generation | null): FollowedJobs {
  return { model: model?.id ?? null, preview: preview?.id ?? null };
}
