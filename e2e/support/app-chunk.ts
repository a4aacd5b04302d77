import type { Page } from '@playwright/test';

/** The app's code past the small entry: the chunk src/main.tsx imports on the visitor's first intent. */
export const APP_CHUNK = /\/assets\/start-[^/]+\.js$/;

/** Holds the app's chunk until the returned `release` is called, so a test acts before the app answers. */
export async function holdAppChunk(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(APP_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
