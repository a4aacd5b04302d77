// A four-view conversion after it is made: My models shows its photos as labelled thumbnails (Front, Right
// side, Back, Left side), a view slot takes a photo of that earlier conversion ("choose from their
// uploads") and sends it, and the admin finds the conversion in Conversions and opens its details: owner,
// cost, the four labelled photos and the warning of the back photo that did not match.
// VIEWS_SCREENSHOTS=dir writes My models and the admin details at 390 and 1280 px wide.

import sharp from 'sharp';
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf, grantCredits, ledgerOf } from './support/credits.ts';
import { database } from './support/db.ts';
import { expect, type Locator, type Page, type Request, test } from './support/test.ts';

const SHOTS = process.env.VIEWS_SCREENSHOTS;
const WARNING = 'The back photo did not match; it was used for colour only.';
const LABELS = { front: 'Front', right: 'Right side', back: 'Back', left: 'Left side' } as const;

const isCreate = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/generations';

async function sample(baseURL: string) {
  return Buffer.from(await (await fetch(`${baseURL}/samples/demo-1.png`)).arrayBuffer());
}

/** The sample mirrored or tinted (a believable other side), or shrunk to 40% (a silhouette no turn explains). */
async function sideOf(source: Buffer, name: string, how: 'flop' | 'tint' | 'small') {
  let buffer: Buffer;
  if (how === 'small') {
    const small = await sharp(source).resize(205, 205).png().toBuffer();
    buffer = await sharp({
      create: { width: 512, height: 512, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: small, left: 153, top: 153 }])
      .png()
      .toBuffer();
  } else {
    const img = sharp(source);
    buffer = await (how === 'flop' ? img.flop() : img.tint({ r: 200, g: 120, b: 60 })).png().toBuffer();
  }
  return { name, mimeType: 'image/png', buffer };
}

/** Each photo of the strip is there, labelled, and its image really loaded. */
async function expectLabelledPhotos(strip: Locator) {
  for (const [side, label] of Object.entries(LABELS)) {
    const figure = strip.getByTestId(`photo-${side}`);
    await expect(figure.locator('figcaption')).toHaveText(label);
    const img = figure.getByRole('img', { name: `${label} view` });
    await expect(img).toBeVisible();
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0)), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
  }
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300); // layout settles after the resize (screenshots only, not a sync point)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a four-view conversion: labelled photos in My models, reused from the uploads, and in the admin details', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const who = newIdentity('views4');
  const userId = await signUpByApi(baseURL!, who);
  await grantCredits(userId, 100);
  await page.goto('/app');
  await signInThroughDialog(page, who.email, who.password);
  await expect(page.getByTestId('studio-credits')).toHaveText('100');

  // Front, right, back and left: the back shows a much smaller object (it will be used for colour only).
  const source = await sample(baseURL!);
  const back = await sideOf(source, 'back.png', 'small');
  await page.getByRole('button', { name: /^Demo-1:/ }).click();
  await page.getByRole('radio', { name: 'Low poly' }).click();
  await page.getByTestId('view-input-right').setInputFiles(await sideOf(source, 'right.png', 'tint'));
  await page.getByTestId('view-input-back').setInputFiles(back);
  await page.getByTestId('view-input-left').setInputFiles(await sideOf(source, 'left.png', 'flop'));
  await expect(page.getByAltText('Left side view: left.png')).toBeVisible();
  await expect(page.getByTestId('studio-cost')).toContainText('50 credits');
  const [request] = await Promise.all([
    page.waitForRequest(isCreate),
    page.getByTestId('generate-button').click(),
  ]);
  const created = (await (await request.response())!.json()) as {
    generation: { id: string; views: string[] };
  };
  const id = created.generation.id;
  expect([...created.generation.views].sort()).toEqual(['back', 'left', 'right']);
  await expect(page.getByTestId('model-status-label')).toHaveText('Completed', { timeout: 300_000 });
  await expect(page.getByTestId('model-warnings')).toContainText(WARNING);
  expect(await balanceOf(userId)).toBe(50);
  expect((await ledgerOf(userId)).filter((l) => l.delta < 0).map((l) => l.delta)).toEqual([-50]);

  // My models: the four photos, each with its label.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My models' }).click();
  const row = page.getByTestId('my-model').first();
  await expect(row.getByTestId('my-model-views')).toHaveText('4 views: front, right side, back, left side');
  await expectLabelledPhotos(row.getByTestId('photo-strip'));
  await expect(row.getByTestId('my-model-warnings')).toContainText(WARNING);
  await shoot(page, 'my-models');

  // The studio again: the back slot takes the earlier back photo from the uploads, and it is what is sent.
  await page.goto('/app');
  await page.getByRole('button', { name: /^Demo-2:/ }).click();
  await page.getByRole('radio', { name: 'Low poly' }).click();
  await page.getByRole('button', { name: 'Choose the back photo from your uploads' }).click();
  const picker = page.getByRole('dialog', { name: 'Back: choose from your uploads' });
  await expect(picker.getByTestId('upload-picker')).toBeVisible();
  await picker
    .getByRole('button', { name: /^Use the Back photo of / })
    .first()
    .click();
  await expect(picker).toHaveCount(0);
  // Named after the earlier conversion's upload and its side.
  await expect(page.getByAltText('Back view: Demo-1-back.png')).toBeVisible();
  await shoot(page, 'studio-picked-back');
  const [again] = await Promise.all([
    page.waitForRequest(isCreate),
    page.getByTestId('generate-button').click(),
  ]);
  const second = (await (await again.response())!.json()) as { generation: { id: string; views: string[] } };
  expect(second.generation.views).toEqual(['back']);
  const [sent] = await database()<{ input_bytes: number }[]>`
    select input_bytes from public.generation_views where generation_id = ${second.generation.id} and view = 'back'`;
  expect(sent.input_bytes).toBe(back.buffer.byteLength);
  // Nothing more to learn from this one: stop it (refunded) and free the worker.
  await page.getByTestId('cancel-generation').click();
  await expect(page.getByTestId('studio-credits')).toHaveText('50', { timeout: 30_000 });

  // The admin: Conversions → search the owner → completed → open it.
  const boss = newIdentity('views-admin');
  const bossId = await signUpByApi(baseURL!, boss);
  await database()`update public.profiles set is_admin = true where id = ${bossId}`;
  const admin = await browser.newPage();
  try {
    await admin.goto('/admin');
    await admin.getByLabel('Email').fill(boss.email);
    await admin.getByLabel('Password', { exact: true }).fill(boss.password);
    await admin.getByLabel('Password', { exact: true }).press('Enter');
    // From the user's row: Users → search → View Conversions opens Conversions searched by their e-mail.
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await admin.getByPlaceholder('Search users...').fill(who.email);
    // The search applies after a debounce and re-renders the rows: a menu opened before that closes.
    await expect(admin.getByRole('row')).toHaveCount(2); // header + the one match
    await admin.getByRole('button', { name: `Actions for ${who.email}` }).click();
    await admin.getByRole('menuitem', { name: 'View Conversions' }).click();
    await expect(admin.getByRole('heading', { name: 'Conversions' })).toBeVisible();
    await expect(admin.getByRole('searchbox', { name: 'Search conversions' })).toHaveValue(who.email);
    // Both of the user's conversions, newest (the cancelled one) first; then only the completed one.
    await expect(admin.getByTestId('admin-generation-row')).toHaveCount(2);
    await admin.getByRole('button', { name: 'Completed', exact: true }).click();
    const rows = admin.getByTestId('admin-generation-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(who.email);
    await expect(rows.first()).toContainText(id.slice(0, 8));
    await shoot(admin, 'admin-generations');
    await rows.first().getByRole('link').click();

    await expect(admin).toHaveURL(new RegExp(`/admin/generations/${id}$`));
    const details = admin.getByTestId('admin-generation');
    await expect(details.getByTestId('admin-generation-status')).toHaveText('Completed');
    await expect(details.getByTestId('admin-generation-owner')).toContainText(who.email);
    await expect(details.getByTestId('admin-generation-cost')).toContainText('50 credits');
    await expect(details.getByTestId('admin-generation-refund')).toContainText('None');
    await expectLabelledPhotos(details.getByTestId('photo-strip'));
    await expect(details.getByTestId('admin-generation-warnings')).toContainText(WARNING);
    // Every format's download, and one of them really downloads.
    const files = details.getByTestId('admin-generation-files');
    for (const f of ['GLB', 'GLTF', 'OBJ', 'FBX', 'STL', 'USDZ', '3MF (print)']) {
      await expect(files.getByRole('button', { name: `Download ${f}` })).toBeVisible();
    }
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      files.getByRole('button', { name: 'Download STL' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Demo-1.stl');
    await shoot(admin, 'admin-generation');

    // The charge in the credit ledger links to the same page.
    await admin
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await admin.getByRole('tab', { name: 'Credit ledger' }).click();
    await admin.getByRole('link', { name: `generation:${id}` }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/generations/${id}$`));
    await expect(admin.getByTestId('admin-generation-cost')).toContainText('50 credits');
  } finally {
    await admin.close();
  }
});
