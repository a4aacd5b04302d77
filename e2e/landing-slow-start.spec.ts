import { holdAppChunk } from './support/app-chunk.ts';
import { expect, type Page, test } from './support/test.ts';

// The landing on a slow phone: the app starts only on the visitor's first intent (src/boot/intent.ts), and on
// a slow CPU its start takes seconds, in which the visitor goes on reading, clicking and typing. The CPU is
// slowed 6x through DevTools, and the app's chunk is held until the visitor has acted, so every action below
// lands before the app answers on any machine: what it did must be what the visitor meant, once, and the
// page must stay where the visitor had it.

/** A phone's CPU: every task of the page takes six times as long. */
async function slowPhoneCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

/** Answers `/api{path}` with 200 and `{success: true}`, keeping the bodies sent. */
async function accept(page: Page, path: string) {
  const bodies: unknown[] = [];
  await page.route(`**/api${path}`, async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' });
  });
  return bodies;
}

const scrollTop = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.beforeEach(async ({ page }) => {
  await slowPhoneCpu(page);
});

test('a question opened while the app starts opens once, and the page stays where the visitor reads', async ({
  page,
}) => {
  const release = await holdAppChunk(page);
  await page.goto('/');

  // Down at the FAQ, the visitor opens the first question (held: the app is not in yet).
  const questions = page.locator('#faq button[aria-expanded]');
  await questions.nth(0).click();
  const readingAt = await scrollTop(page);
  expect(readingAt).toBeGreaterThan(1000);

  release();
  // Replayed once: a second replay (or the click reaching React as well) would close it again.
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Every conversion gives you GLB')).toBeVisible();
  // React taking the page over did not take the visitor back to the top.
  expect(await scrollTop(page)).toBe(readingAt);
  await questions.nth(2).click();
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
});

test('text typed and a send clicked before the app answers are the message the form sends', async ({
  page,
}) => {
  const sent = await accept(page, '/contact');
  const release = await holdAppChunk(page);
  await page.goto('/');

  const form = page.locator('#contact form');
  await form.getByLabel('Name').fill('Grace Hopper');
  await form.getByLabel('Email').fill('grace@example.com');
  await form.getByLabel('Subject').fill('Teams');
  await form.getByLabel('Message').pressSequentially('Ten seats?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  const readingAt = await scrollTop(page);

  release();
  await expect(form.getByRole('status')).toHaveAttribute('data-state', 'success');
  expect(sent).toEqual([
    { name: 'Grace Hopper', email: 'grace@example.com', subject: 'Teams', message: 'Ten seats?' },
  ]);
  // The fields the app cleared after sending are its own: typing goes on in them.
  await expect(form.getByLabel('Message')).toHaveValue('');
  expect(await scrollTop(page)).toBe(readingAt);
});

test('a store button clicked before the app answers opens the waitlist once, and a signup goes through', async ({
  page,
}) => {
  const sent = await accept(page, '/waitlist');
  const release = await holdAppChunk(page);
  await page.goto('/');

  await page.locator('#mobile-app button[aria-label^="App Store"]').click();
  const readingAt = await scrollTop(page);
  release();
  const dialog = page.getByRole('dialog', { name: /waitlist/ });
  await expect(dialog).toBeVisible();
  expect(await scrollTop(page)).toBe(readingAt);
  await dialog.getByLabel('Email address').fill('grace@example.com');
  await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thanks! You’re on the list.');
  expect(sent).toEqual([{ email: 'grace@example.com' }]);
});
