// Small things that were not true (issue 28, item 9): legal pages dated the day they are read, pack
// bonuses that the prices do not give, "five formats" of seven, "© 2024", an OBJ that arrives as a .zip
// without saying so, "Ready" before anything exists, the browser's plain confirm, and what the admin
// gate does to a non-admin (as the README says).
// HONEST_SCREENSHOTS=dir writes the changed screens at 390 and 1280 px wide.
import { randomUUID } from 'node:crypto';
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { database } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';

const SHOTS = process.env.HONEST_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300); // layout settles after the resize (screenshots only, not a sync point)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('legal pages carry the day their text last changed, not the day they are read', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByText(/^Last updated:/)).toHaveText('Last updated: November 22, 2026');
  await expect(page.locator('time')).toHaveAttribute('datetime', '2026-11-22');
  await page.goto('/terms');
  await expect(page.getByText(/^Last updated:/)).toHaveText('Last updated: November 27, 2026');
  await expect(page.getByText(/GLB, glTF, OBJ, FBX, STL, USDZ and 3MF/)).toBeVisible();
});

test('pricing: bonuses as the prices make them, seven formats, and the copyright years', async ({ page }) => {
  await page.goto('/#pricing');
  const pricing = page.locator('#pricing');
  // 12,000 credits for €20 and 40,000 for €45 against 5,600 for €13: 39% and 106% more per euro.
  await expect(pricing.getByText('39% more credits per euro', { exact: true })).toBeVisible();
  await expect(pricing.getByText('106% more credits per euro', { exact: true })).toBeVisible();
  await expect(page.getByText(/33% more|67% more/)).toHaveCount(0);
  await expect(
    page.getByText(`© 2024–${new Date().getFullYear()} Lift3D. All rights reserved.`),
  ).toBeVisible();
  await pricing.scrollIntoViewIfNeeded();
  await shoot(page, 'landing-pricing');

  await page.goto('/checkout?pack=professional');
  await expect(
    page.getByText(/includes all seven formats \(GLB, glTF, OBJ, FBX, STL, USDZ and 3MF\)/),
  ).toBeVisible();
  await expect(page.getByText(/five formats/)).toHaveCount(0);
  await expect(page.getByText('39% more credits per euro', { exact: true }).first()).toBeVisible();
  await shoot(page, 'checkout-packs');
});

test('the studio says "Not started" before anything exists, with no status badge on the empty viewer', async ({
  page,
}) => {
  await page.goto('/app');
  await expect(page.getByTestId('model-status-label')).toHaveText('Not started');
  await expect(page.getByTestId('preview-status-label')).toHaveText('Not started');
  await expect(page.getByTestId('model-panel').getByText('Ready', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('model-panel-status')).toHaveCount(0);
  await shoot(page, 'studio-empty');
});

test('My models: OBJ says it is a .zip, and deleting asks in our own dialog', async ({ page, baseURL }) => {
  const who = newIdentity('truths-two');
  const id = await signUpByApi(baseURL!, who);
  // A finished conversion as the worker records it (its files are not needed to list the downloads).
  await database()`
    insert into public.generations (user_id, kind, status, stage, progress, format, topology, cost, input_key,
                                    input_type, input_name, completed_at)
    values (${id}, 'model', 'completed', 'done', 1, 'glb', 'low', 50, ${`inputs/${randomUUID()}.png`},
            'image/png', 'chair.png', now())`;
  await page.goto('/profile');
  await signInThroughDialog(page, who.email, who.password);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My models' }).click();
  const row = page.getByTestId('my-model');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByRole('menuitem', { name: 'OBJ (.zip)', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  let nativeDialog = false;
  page.on('dialog', (d) => {
    nativeDialog = true;
    void d.dismiss();
  });
  await row.getByRole('button', { name: 'Delete model' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this model?' });
  await expect(confirm).toContainText('The model and its files are deleted. This cannot be undone.');
  await shoot(page, 'my-models-delete');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Delete model' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No models yet')).toBeVisible();
  expect(nativeDialog).toBe(false);
});

test('a non-admin at the admin gate is refused and stays signed in as themselves (as the README says)', async ({
  page,
  baseURL,
}) => {
  const who = newIdentity('gate');
  await signUpByApi(baseURL!, who);
  await page.goto('/admin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByText('This account is not an administrator.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByText(who.email).first()).toBeVisible();
});
