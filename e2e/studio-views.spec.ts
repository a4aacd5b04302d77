// Multi-view conversions in the studio: the optional Right side / Back / Left side photos go with the main
// photo as view_right/view_back/view_left, the cost stays one conversion, the generation carries its views
// (api and My models), a removed photo is not sent, a batch takes no views, and a back photo that does not
// match the front completes with its warning shown in the result and in My models.

import sharp from 'sharp';
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf, grantCredits, ledgerOf } from './support/credits.ts';
import { database } from './support/db.ts';
import { expect, type Page, type Request, test } from './support/test.ts';

async function signedIn(page: Page, baseURL: string, credits: number) {
  const who = newIdentity('views');
  const id = await signUpByApi(baseURL, who);
  await grantCredits(id, credits);
  await page.goto('/app');
  await signInThroughDialog(page, who.email, who.password);
  await expect(page.getByTestId('studio-credits')).toHaveText(String(credits));
  return id;
}

/** The sample, mirrored or tinted, standing in for a photo of another side. */
async function sideOf(baseURL: string, name: string, how: 'flop' | 'tint') {
  const img = sharp(Buffer.from(await (await fetch(`${baseURL}/samples/demo-1.png`)).arrayBuffer()));
  const buffer = await (how === 'flop' ? img.flop() : img.tint({ r: 200, g: 120, b: 60 })).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The sample shrunk to 40% on a transparent photo of the same size: a silhouette no walk around it explains. */
async function smallerOf(baseURL: string, name: string) {
  const source = Buffer.from(await (await fetch(`${baseURL}/samples/demo-1.png`)).arrayBuffer());
  const small = await sharp(source).resize(205, 205).png().toBuffer();
  const buffer = await sharp({
    create: { width: 512, height: 512, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: small, left: 153, top: 153 }])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const isCreate = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/generations';

test('a back and a right view go with the main photo: one charge of 50, the generation has both views', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const userId = await signedIn(page, baseURL!, 100);
  await page.getByRole('button', { name: /^Demo-1:/ }).click();
  await expect(page.getByTestId('selected-file-name')).toHaveText('Demo-1.png');
  await page.getByRole('radio', { name: 'Low poly' }).click();

  const slots = page.getByTestId('view-slots');
  await expect(slots.getByText('Right side', { exact: true })).toBeVisible();
  await expect(slots.getByText('Walk a quarter turn to your right around the object')).toBeVisible();
  await page.getByTestId('view-input-back').setInputFiles(await sideOf(baseURL!, 'back.png', 'flop'));
  await page.getByTestId('view-input-right').setInputFiles(await sideOf(baseURL!, 'right.png', 'tint'));
  await expect(page.getByAltText('Back view: back.png')).toBeVisible();
  await expect(page.getByAltText('Right side view: right.png')).toBeVisible();
  // Same price with more sides.
  await expect(page.getByTestId('studio-cost')).toContainText('50 credits');

  const [request] = await Promise.all([
    page.waitForRequest(isCreate),
    page.getByTestId('generate-button').click(),
  ]);
  const created = (await (await request.response())!.json()) as {
    generation: { id: string; views: string[] };
  };
  expect([...created.generation.views].sort()).toEqual(['back', 'right']);

  await expect(page.getByTestId('model-status-label')).toHaveText('Completed', { timeout: 240_000 });
  await expect(page.getByTestId('studio-credits')).toHaveText('50');
  expect(await balanceOf(userId)).toBe(50);
  expect((await ledgerOf(userId)).filter((l) => l.delta < 0).map((l) => l.delta)).toEqual([-50]);
  const rows = await database()<{ view: string }[]>`
    select view from public.generation_views where generation_id = ${created.generation.id} order by view`;
  expect(rows.map((r) => r.view)).toEqual(['back', 'right']);

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My models' }).click();
  await expect(page.getByTestId('my-model-views')).toHaveText('3 views: front, right side, back');
});

test('a view removed before Generate is not sent, and a batch takes no views', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const userId = await signedIn(page, baseURL!, 50);
  await page.getByRole('button', { name: /^Demo-1:/ }).click();
  await page.getByRole('radio', { name: 'Low poly' }).click();
  await page.getByTestId('view-input-back').setInputFiles(await sideOf(baseURL!, 'back.png', 'flop'));
  await expect(page.getByAltText('Back view: back.png')).toBeVisible();
  await page.getByRole('button', { name: 'Remove back photo' }).click();
  await expect(page.getByAltText('Back view: back.png')).toHaveCount(0);
  await expect(page.getByTestId('view-slot-back')).toContainText('Walk halfway around to face its back');

  const [request] = await Promise.all([
    page.waitForRequest(isCreate),
    page.getByTestId('generate-button').click(),
  ]);
  const created = (await (await request.response())!.json()) as { generation: { views: string[] } };
  // The api records every view part it receives (generation_views), so an empty list means none was sent.
  expect(created.generation.views).toEqual([]);
  // Nothing more to learn from this conversion: stop it (refunded) and free the worker. The balance shows
  // the charge first, so the 50 below is the refund, not the balance from before the charge.
  await expect(page.getByTestId('studio-credits')).toHaveText('0');
  await page.getByTestId('cancel-generation').click();
  await expect(page.getByTestId('studio-credits')).toHaveText('50', { timeout: 30_000 });
  await expect.poll(() => balanceOf(userId)).toBe(50);

  // Another main photo is another object: its sides start empty.
  await page.getByTestId('view-input-back').setInputFiles(await sideOf(baseURL!, 'back.png', 'flop'));
  await expect(page.getByAltText('Back view: back.png')).toBeVisible();
  await page.getByRole('button', { name: /^Demo-2:/ }).click();
  await expect(page.getByTestId('selected-file-name')).toHaveText('Demo-2.png');
  await expect(page.getByAltText('Back view: back.png')).toHaveCount(0);

  // Two main images are two objects: the slots are off and say why.
  const main = await sideOf(baseURL!, 'one.png', 'tint');
  await page.getByTestId('upload-input').setInputFiles([main, { ...main, name: 'two.png' }]);
  await expect(page.getByTestId('batch-count')).toBeVisible();
  await expect(page.getByTestId('view-input-back')).toBeDisabled();
  await expect(page.getByTestId('view-slots')).toContainText(
    'Extra views work with a single image, not a batch.',
  );
});

test('a back photo that does not match completes with its warning in the result and in My models', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signedIn(page, baseURL!, 50);
  await page.getByRole('button', { name: /^Demo-1:/ }).click();
  await page.getByRole('radio', { name: 'Low poly' }).click();
  await page.getByTestId('view-input-back').setInputFiles(await smallerOf(baseURL!, 'other.png'));
  await expect(page.getByAltText('Back view: other.png')).toBeVisible();
  await page.getByTestId('generate-button').click();

  await expect(page.getByTestId('model-status-label')).toHaveText('Completed', { timeout: 240_000 });
  const warning = 'The back photo did not match; it was used for colour only.';
  await expect(page.getByTestId('model-warnings')).toHaveText(warning);
  await expect(page.getByTestId('model-viewer')).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My models' }).click();
  await expect(page.getByTestId('my-model-views')).toHaveText('2 views: front, back');
  await expect(page.getByTestId('my-model-warnings')).toHaveText(warning);
});
