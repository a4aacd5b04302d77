import { APP_CHUNK, holdAppChunk } from './support/app-chunk.ts';
import { watchPageProblems } from './support/page-problems';
import { expect, test } from './support/test.ts';

// The landing is its prerendered HTML until the visitor does something (src/boot/intent.ts): the app's code
// loads on the first intent, and what the visitor did before the app answered is replayed, not lost.

test('a visitor who only reads loads no app code, and the page stays the HTML it arrived as', async ({
  page,
}) => {
  const problems = await watchPageProblems(page);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('real 3D model');
  expect(requested.filter((url) => APP_CHUNK.test(url))).toEqual([]);
  // The visit is still counted on load.
  expect(requested.filter((url) => url.endsWith('/api/analytics/visit'))).toHaveLength(1);

  // A hand moving the mouse sends a stream of moves; the first may report no movement (Chromium has no
  // earlier position for a pointer that just arrived), so two steps.
  await page.mouse.move(10, 10, { steps: 2 });
  await expect.poll(() => requested.filter((url) => APP_CHUNK.test(url)).length).toBe(1);
  expect(problems).toEqual([]);
});

test('a pointer resting over the page is not intent: only a real move starts the app', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // What Chromium sends when the layout under a resting pointer changes: a move with no movement.
  await page.mouse.move(0, 0);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  expect(requested.filter((url) => APP_CHUNK.test(url))).toEqual([]);

  await page.mouse.move(12, 8, { steps: 2 });
  await expect.poll(() => requested.filter((url) => APP_CHUNK.test(url)).length).toBe(1);
});

test('a click before the app answers is held and then does what it says', async ({ page }) => {
  const release = await holdAppChunk(page);
  await page.goto('/');
  await page.locator('#hero').getByRole('button', { name: 'Get Credits' }).click();
  await page.waitForTimeout(200);
  await expect(page.getByRole('dialog', { name: 'Buy Credits' })).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog', { name: 'Buy Credits' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('text typed before the app answers is the text the form sends', async ({ page }) => {
  const bodies: unknown[] = [];
  await page.route('**/api/waitlist', async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' });
  });
  const release = await holdAppChunk(page);
  await page.goto('/');
  const form = page.locator('#mobile-app form');
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByRole('button', { name: 'Join Waitlist' }).click();
  release();
  await expect(form.getByRole('status')).toHaveText('Thanks! You’re on the list.');
  expect(bodies).toEqual([{ email: 'ada@example.com' }]);
});

test('a signed-in visitor gets the app at once', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('user', '{not json'));
  const chunk = page.waitForRequest(APP_CHUNK);
  await page.goto('/');
  await chunk;
});
