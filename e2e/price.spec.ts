// The price of a conversion lives in the database: an admin changes it on the settings page, and the
// landing page, the studio, checkout, About and the Terms and the Buy Credits rule show the new price, and the
// api charges it.

import { newIdentity, signInThroughDialog, signOutThroughMenu, signUpByApi } from './support/accounts.ts';
import { balanceOf, grantCredits } from './support/credits.ts';
import { database } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).last();

test('an admin changes the price; the SPA shows it and a conversion is charged it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const [before] = await database()<{ cost: number }[]>`
    select (value #>> '{}')::int as cost from public.settings where key = 'generation.cost_credits'`;
  const boss = newIdentity('price-admin');
  const bossId = await signUpByApi(baseURL!, boss);
  await database()`update public.profiles set is_admin = true where id = ${bossId}`;
  try {
    await page.goto('/');
    await signInThroughDialog(page, boss.email, boss.password);
    await page.goto('/');
    await expect(page.locator('#pricing')).toContainText(
      `One conversion costs ${before.cost} credits and includes every format`,
    );
    await page.goto('/admin');
    await page.getByLabel('Password', { exact: true }).fill(boss.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    const price = page.getByLabel('Credits per conversion');
    await expect(price).toHaveValue(String(before.cost));
    await price.fill('70');
    await price.press('Enter');
    await expect(toast(page, 'Setting Updated')).toBeVisible();
    await expect(page.getByText('Credits per conversion is now 70.')).toBeVisible();

    // The landing page and the studio show the new price, after a reload too.
    await page.goto('/');
    await expect(page.locator('#pricing')).toContainText(
      'One conversion costs 70 credits and includes every format',
    );
    await expect(page.locator('[data-pack="starter"]')).toContainText('80 generations');
    // No page carries its own copy of the price.
    await page.goto('/terms');
    await expect(page.getByTestId('legal-scroll')).toContainText(
      'Each conversion — a 3D model or a 3D video — costs 70 credits (the price shown in the studio)',
    );
    await page.goto('/about');
    await expect(page.getByText('Prepaid credits, 70 per conversion, no subscription.')).toBeVisible();
    await page.goto('/checkout');
    await expect(page.getByText(/^Pick a pack\. Every conversion costs 70 credits/)).toBeVisible();

    const buyer = newIdentity('price-buyer');
    const buyerId = await signUpByApi(baseURL!, buyer);
    await grantCredits(buyerId, 100);
    await signOutThroughMenu(page);
    await signInThroughDialog(page, buyer.email, buyer.password);
    await expect(page.getByTestId('studio-credits')).toHaveText('100');
    await expect(page.getByTestId('studio-cost')).toContainText('Cost: 70 credits');
    await expect(page.getByText(/^One image in, a textured 3D model out:/)).toHaveText(
      'One image in, a textured 3D model out: GLB, glTF, OBJ, FBX and print-ready STL for 70 credits.',
    );

    await page.getByRole('button', { name: /^Demo-1:/ }).click();
    await expect(page.getByTestId('selected-file-name')).toHaveText('Demo-1.png');
    await page.getByTestId('generate-button').click();
    await expect(page.getByTestId('model-status-label')).toHaveText('Processing...');
    await expect(page.getByTestId('studio-credits')).toHaveText('30');
    expect(await balanceOf(buyerId)).toBe(30);
  } finally {
    await database()`update public.settings set value = ${before.cost} where key = 'generation.cost_credits'`;
  }
});
