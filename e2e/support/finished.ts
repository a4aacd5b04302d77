// Finished generations for browser tests about the page, the download or the share (not the conversion):
// seeded into the stack under test from a real conversion's files, through the SQL functions the api and the
// worker use (worker/test/support/finished-generation.ts), into the stack's own storage folder.
import { join } from 'node:path';
import { type SeedOptions, seedFinishedGeneration } from '@lift3d/worker/testing/finished-generation';
import type { Page } from '@playwright/test';
import { database } from './db.ts';
import { e2eDataDir } from './paths.ts';

/** A completed generation of `userId`, charged like one made in the studio; its id. */
export async function seedFinished(userId: string, options: Partial<SeedOptions> = {}): Promise<string> {
  return (await seedFinishedGeneration(database(), join(e2eDataDir(), 'storage'), userId, options)).id;
}

/**
 * Has the studio show these generations as its last result, as it does after a reload
 * (src/features/studio/resume.ts keeps them in localStorage per user and variant). `page` must be on the
 * app's origin; the next load of the studio shows them.
 */
export async function rememberInStudio(
  page: Page,
  userId: string,
  jobs: { model?: string; preview?: string },
  variant = 'app',
): Promise<void> {
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [
      `lift3d-studio-last:${variant}:${userId}`,
      JSON.stringify({ model: jobs.model ?? null, preview: jobs.preview ?? null }),
    ],
  );
}
