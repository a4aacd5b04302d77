// The turntable is part of the model (issue 28, item 1): after Generate 3D Model, 3D Preview renders the
// video of that model from the stored model (no second conversion, no credits), and the video shows in the
// studio, in My models (with its MP4 download) and on the share page; a model without one gets it from
// My models, free, with its state as the server reports it.
// MODEL_VIDEO_SCREENSHOTS=dir writes the changed screens at 390 and 1280 px wide.

import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf, grantCredits, ledgerOf } from './support/credits.ts';
import { database } from './support/db.ts';
import { seedFinished } from './support/finished.ts';
import { expect, type Page, test } from './support/test.ts';

const SHOTS = process.env.MODEL_VIDEO_SCREENSHOTS;
// The two tests share nothing (each its own user): both workers take one, so this long file is not one
// worker's alone.
test.describe.configure({ mode: 'parallel' });

async function shoot(page: Page, name: string, fullPage = true) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300); // layout settles after the resize (screenshots only, not a sync point)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
  if (size) await page.setViewportSize(size);
}

async function signedIn(page: Page, baseURL: string, label: string, credits: number) {
  const who = newIdentity(label);
  const id = await signUpByApi(baseURL, who);
  await grantCredits(id, credits);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/app');
  await signInThroughDialog(page, who.email, who.password);
  await expect(page.getByTestId('studio-credits')).toHaveText(String(credits));
  return id;
}

const conversions = async (userId: string) =>
  (
    await database()<
      { n: number }[]
    >`select count(*)::int as n from public.generations where user_id = ${userId}`
  )[0].n;

test('3D Preview after Generate 3D Model renders that model’s video: no second conversion, no second charge', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(1_500_000);
  const userId = await signedIn(page, baseURL!, 'model-video', 100);
  await page.getByRole('button', { name: /^Demo-8:/ }).click();
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('model-status-label')).toHaveText('Completed', { timeout: 600_000 });
  await expect(page.getByTestId('studio-credits')).toHaveText('50');
  await expect(page.getByTestId('preview-included')).toHaveText(
    '3D Preview makes this model’s turntable video: included, no credits.',
  );

  await page.getByTestId('preview-button').click();
  await expect(page.getByTestId('preview-status')).toHaveAttribute('data-status', /processing|completed/);
  await expect(page.getByTestId('preview-status-label')).toHaveText('Completed', { timeout: 600_000 });
  await expect(page.getByText('Video ready')).toBeVisible();
  // One conversion, one charge: the video cost nothing.
  await expect(page.getByTestId('studio-credits')).toHaveText('50');
  expect(await balanceOf(userId)).toBe(50);
  expect((await ledgerOf(userId)).filter((r) => r.reason === 'generation')).toHaveLength(1);
  expect(await conversions(userId)).toBe(1);

  const panel = page.getByTestId('model-panel');
  await panel.getByRole('button', { name: 'Video', exact: true }).click();
  const video = panel.getByTestId('model-video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => !v.error && v.videoWidth > 0 && v.duration > 0), {
      timeout: 60_000,
    })
    .toBe(true);
  await expect(panel.getByTestId('download-video')).toBeVisible();
  await shoot(page, 'studio-model-video', false);

  // Shared from the studio: the page shows the model and its turntable.
  await panel.getByTestId('share-button').click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByTestId('share-create').click();
  const link = await dialog.getByTestId('share-link').inputValue();
  expect(link).toMatch(/\/m\/[A-Za-z0-9_-]{24}$/);
  await page.keyboard.press('Escape');

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My models' }).click();
  const row = page.getByTestId('my-model');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('my-model-video')).toHaveAttribute('data-status', 'ready');
  await expect(row).toContainText('Turntable video ready');
  await row.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByRole('menuitem', { name: /MP4/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await shoot(page, 'my-models-video-ready');

  const visitor = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    const shared = await visitor.newPage();
    await shared.goto(link.slice(link.indexOf('/m/')));
    // The prerendered shell says "A 3D model" until the page has read the share (slow on a busy machine).
    await expect(shared.getByRole('heading', { level: 1 })).toHaveText('A 3D model and turntable video', {
      timeout: 60_000,
    });
    const sharedVideo = shared.getByTestId('share-video');
    await expect(sharedVideo).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(
        () => sharedVideo.evaluate((v: HTMLVideoElement) => !v.error && v.videoWidth > 0 && v.duration > 0),
        { timeout: 60_000 },
      )
      .toBe(true);
    await shoot(shared, 'share-model-video');
  } finally {
    await visitor.close();
  }
});

test('My models makes the video of a finished model on request, free, and shows it rendering then ready', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(1_500_000);
  const userId = await signedIn(page, baseURL!, 'model-video-list', 50);
  // The model's conversion is not what this test is about (the studio tests convert): a finished model of
  // this user, charged like one made in the studio; its video is made for real below. Seeded off the page:
  // the stack's PGlite serves every connection in one session, so the seed must not interleave with the
  // page's api calls.
  await page.goto('about:blank');
  await seedFinished(userId);

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My models' }).click();
  const row = page.getByTestId('my-model');
  await expect(row).toHaveCount(1);
  const state = row.getByTestId('my-model-video');
  await expect(state).toHaveAttribute('data-status', 'none');
  await expect(row).toContainText('Included with the model, no credits.');
  // No MP4 before there is a video.
  await row.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByRole('menuitem', { name: /MP4/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await shoot(page, 'my-models-video-none');

  await row.getByTestId('make-video').click();
  await expect(state).toHaveAttribute('data-status', /rendering|ready/);
  if ((await state.getAttribute('data-status')) === 'rendering') {
    await expect(state).toContainText('Rendering the turntable video');
    await shoot(page, 'my-models-video-rendering');
  }
  await expect(state).toHaveAttribute('data-status', 'ready', { timeout: 600_000 });
  await row.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByRole('menuitem', { name: /MP4/ })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await balanceOf(userId)).toBe(0);
  expect((await ledgerOf(userId)).filter((r) => r.reason === 'generation')).toHaveLength(1);
  expect(await conversions(userId)).toBe(1);
});
