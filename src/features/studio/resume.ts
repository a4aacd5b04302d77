import type { Generation } from './generation';

/**
 * The studio's last result, kept in localStorage per signed-in user and variant: a reload (or the studio
 * opened again later) shows the last model or preview again, and picks up the progress of a job that is
 * still running and paid for, instead of only listing it under My models. Per user, so another account
 * signing in on the same browser never sees it.
 */

export interface FollowedJobs {
  model: string | null;
  preview: string | null;
}

const key = (variant: string, userId: string) => `lift3d-studio-last:${variant}:${userId}`;

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled
  }
}

/**
 * Remembers the jobs now shown. A studio showing none (a new image picked, nothing generated yet) keeps the
 * last result remembered until a new job replaces it.
 */
export function saveFollowed(
  variant: string,
  userId: string,
  jobs: FollowedJobs,
  storage: Storage | null = local(),
): void {
  if (!jobs.model && !jobs.preview) return;
  try {
    storage?.setItem(key(variant, userId), JSON.stringify(jobs));
  } catch {
    // storage full or disabled: the result itself is safe on the server (My models)
  }
}

/** Forgets one remembered job (deleted, or no longer readable). */
export function forgetFollowed(
  variant: string,
  userId: string,
  id: string,
  storage: Storage | null = local(),
): void {
  const jobs = readFollowed(variant, userId, storage);
  const next = {
    model: jobs.model === id ? null : jobs.model,
    preview: jobs.preview === id ? null : jobs.preview,
  };
  try {
    if (!next.model && !next.preview) storage?.removeItem(key(variant, userId));
    else storage?.setItem(key(variant, userId), JSON.stringify(next));
  } catch {
    // storage disabled
  }
}

export function readFollowed(
  variant: string,
  userId: string,
  storage: Storage | null = local(),
): FollowedJobs {
  try {
    const raw = storage?.getItem(key(variant, userId));
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
