// The free shape preview: after a photo is chosen, one tap shows the built-in engine's untextured shape
// spinning in the viewer, labelled Preview, with no download; it costs nothing (no ledger row), counts
// against the stated limits (enforced in SQL), and "Convert" starts the paid conversion from the same
// stored photo without sending it again.
import { writeFileSync } from 'node:fs';
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf, grantCredits, ledgerOf } from './support/credits.ts';
import { database } from './support/db.ts';
import { expect, type Page, type Request, test } from './support/test.ts';

/** PREVIEW_SCREENSHOTS=dir writes the studio with its preview at 1280 and 390 px. */
const SHOTS = process.env.PREVIEW_SCREENSHOTS;
/** PREVIEW_TIMINGS=file writes the measured time from choosing the photo to the spinning shape. */
const TIMINGS = process.env.PREVIEW_TIMINGS;

async function signedIn(page: Page, baseURL: string, credits: number) {
  const who = newIdentity('preview');
  const id = await signUpByApi(baseURL, who);
  if (credits) await grantCredits(id, credits);
  await page.goto('/app');
  await signInThroughDialog(page, who.email, who.password);
  await expect(page.getByTestId('studio-credits')).toHaveText(String(credits));
  return id;
}

const path = (r: Request) => new URL(r.url()).pathname;

test('a free preview spins within seconds, costs nothing, and converts in one click without a second upload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const userId = await signedIn(page, baseURL!, 100);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && path(r).startsWith('/api/')) posts.push(path(r));
  });
  await page.getByRole('button', { name: /^Demo-1:/ }).click();
  await expect(page.getByTestId('selected-file-name')).toHaveText('Demo-1.png');
  const panel = page.getByTestId('shape-preview');
  await expect(panel.getByTestId('preview-quota')).toHaveText(
    '10 of 10 free previews left today (30 a day per network).',
  );

  const started = Date.now();
  await panel.getByRole('button', { name: 'Show free preview' }).click();
  await expect(panel).toHaveAttribute('data-state', 'spinning', { timeout: 120_000 });
  const seconds = (Date.now() - started) / 1000;
  console.log(`preview: photo chosen → spinning shape in ${seconds.toFixed(1)} s`);
  if (TIMINGS) writeFileSync(TIMINGS, JSON.stringify({ previewSeconds: seconds }));

  await expect(panel.getByText('Preview · untextured')).toBeVisible();
  await expect(panel.getByText(/Not downloadable/)).toBeVisible();
  await expect(panel.getByTestId('preview-quota')).toHaveText(
    '9 of 10 free previews left today (30 a day per network).',
  );
  // Nothing in the preview card downloads.
  await expect(panel.getByRole('link')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /download/i })).toHaveCount(0);
  // Free: the balance and the ledger are untouched.
  expect(await balanceOf(userId)).toBe(100);
  expect(await ledgerOf(userId)).toHaveLength(1); // the grant only
  const [row] = await database()<{ status: string; shape_key: string }[]>`
    select status, shape_key from public.previews where user_id = ${userId}`;
  expect(row.status).toBe('completed');
  expect(row.shape_key).toMatch(/^previews\/.+\/shape\.glb$/);

  if (SHOTS) {
    await page.waitForTimeout(500); // let the turntable turn a little
    await panel.screenshot({ path: `${SHOTS}/preview-1280.png` });
  }

  const uploadsBefore = posts.filter((p) => p === '/api/previews' || p === '/api/generations').length;
  await panel.getByRole('button', { name: 'Convert for 50 credits' }).click();
  await expect(page.getByTestId('model-status-label')).toHaveText('Completed', { timeout: 240_000 });
  // The conversion came from the preview's stored photo: no new upload of it.
  expect(posts.filter((p) => p === '/api/previews' || p === '/api/generations').length).toBe(uploadsBefore);
  expect(posts.some((p) => /^\/api\/previews\/[0-9a-f-]+\/convert$/.test(p))).toBe(true);
  expect(await balanceOf(userId)).toBe(50);
  expect((await ledgerOf(userId)).filter((l) => l.delta < 0).map((l) => l.delta)).toEqual([-50]);
  const [converted] = await database()<{ status: string; input_key: string; same: boolean }[]>`
    select p.status, g.input_key, g.input_key = p.input_key as same
      from public.previews p join public.generations g on g.id = p.generation_id
     where p.user_id = ${userId}`;
  expect(converted.status).toBe('converted');
  expect(converted.same).toBe(true);
  await expect(panel).toHaveAttribute('data-state', 'converted');
});

test('the daily limit is stated and enforced: the next preview is refused with its message', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await database()`insert into public.settings (key, value) values ('preview.daily_limit', '1')
                   on conflict (key) do update set value = excluded.value`;
  try {
    await signedIn(page, baseURL!, 0);
    await page.getByRole('button', { name: /^Demo-2:/ }).click();
    const panel = page.getByTestId('shape-preview');
    await expect(panel.getByTestId('preview-quota')).toHaveText(
      '1 of 1 free previews left today (30 a day per network).',
    );
    await panel.getByRole('button', { name: 'Show free preview' }).click();
    await expect(panel).toHaveAttribute('data-state', 'spinning', { timeout: 120_000 });
    await expect(panel.getByTestId('preview-quota')).toHaveText(
      '0 of 1 free previews left today (30 a day per network).',
    );
    // The button is off when none is left; the api refuses too (the rule is SQL's, not the page's).
    await expect(panel.getByRole('button', { name: 'Preview again' })).toBeDisabled();
    const refused = await page.evaluate(async () => {
      const token = JSON.parse(
        Object.entries(localStorage).find(([k]) => k.includes('auth-token'))?.[1] ?? '{}',
      ).access_token as string;
      const form = new FormData();
      form.append('image', await (await fetch('/samples/demo-3.png')).blob(), 'demo-3.png');
      const res = await fetch('/api/previews', {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: await res.json() };
    });
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain('You have seen your 1 free previews for today.');
  } finally {
    await database()`delete from public.settings where key = 'preview.daily_limit'`;
  }
});

test('at 390 px the preview sits under the photo and fits the screen', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  // Signed in at desktop size (at 390 px the header's Sign In sits in the menu), then the phone's width.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signedIn(page, baseURL!, 50);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /^Demo-5:/ }).click();
  const panel = page.getByTestId('shape-preview');
  await panel.getByRole('button', { name: 'Show free preview' }).click();
  await expect(panel).toHaveAttribute('data-state', 'spinning', { timeout: 120_000 });
  const box = await panel.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (SHOTS) {
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/preview-390.png` });
  }
  await context.close();
});
