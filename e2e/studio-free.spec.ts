// The free studio (/app66) against the real stack: a conversion with a balance of 0 that stays 0 (no ledger
// row), the allowance left today from the quota route, and the daily-limit message once it is used up.

import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf, ledgerOf } from './support/credits.ts';
import { forgetNetworkFreeUses, generationsOf, useFreeConversions } from './support/free.ts';
import { expect, type Page, test } from './support/test.ts';

async function signedInFreeStudio(page: Page, baseURL: string, before?: (id: string) => Promise<void>) {
  const who = newIdentity('free');
  const id = await signUpByApi(baseURL, who);
  await before?.(id);
  await page.goto('/app66');
  await signInThroughDialog(page, who.email, who.password);
  await page.goto('/app66');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Studio (App66)');
  return { ...who, id };
}

async function pickSample(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${name}:`) }).click();
  await expect(page.getByTestId('selected-file-name')).toHaveText(`${name}.png`);
}

test('App66 converts a sample for free: balance 0 before and after, no ledger row, one try used', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await forgetNetworkFreeUses();
  const user = await signedInFreeStudio(page, baseURL!);
  await expect(page.getByText('No credits required on App66')).toBeVisible();
  await expect(page.getByTestId('studio-credits')).toHaveText('0');
  await expect(page.getByTestId('free-quota')).toHaveText('3 of 3 free conversions left today');
  expect(await balanceOf(user.id)).toBe(0);

  await pickSample(page, 'Demo-2');
  await page.getByTestId('generate-button').click();
  // No Buy Credits dialog at 0 credits: the job starts.
  await expect(page.getByTestId('model-status-label')).toHaveText('Processing...');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('free-quota')).toHaveText('2 of 3 free conversions left today');
  await expect(page.getByTestId('model-status-label')).toHaveText('Completed', { timeout: 180_000 });
  await expect(page.getByText('3D Model Generated', { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId('model-canvas').locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('download-button')).toBeEnabled();

  expect(await balanceOf(user.id)).toBe(0);
  expect(await ledgerOf(user.id)).toEqual([]);
  expect(await generationsOf(user.id)).toEqual([
    { kind: 'model', topology: 'low', cost: 0, free: true, status: 'completed' },
  ]);
  await expect(page.getByTestId('studio-credits')).toHaveText('0');
});

test('App66 with the day used up shows the daily-limit message and starts nothing', async ({
  page,
  baseURL,
}) => {
  const user = await signedInFreeStudio(page, baseURL!, (id) => useFreeConversions(id, 3));
  const limitMessage =
    'You have used your 3 free conversions for today. Come back tomorrow, or use credits in the Studio.';
  await expect(page.getByTestId('free-quota')).toHaveText(limitMessage);

  await pickSample(page, 'Demo-3');
  await page.getByTestId('generate-button').click();
  await expect(page.getByText(limitMessage, { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId('model-status-label')).toHaveText('Not started');
  expect(await generationsOf(user.id)).toEqual([]);
  expect(await ledgerOf(user.id)).toEqual([]);
});
