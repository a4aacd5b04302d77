// PayPal checkout in the browser (SPEC §4 "Checkout"): an order is pre-created on load and on every pack
// change, the button waits for it and uses it once, approval captures it on the server and the credits
// arrive exactly once; cancelling changes nothing.
//
// Needs a stack in PayPal mode talking to the PayPal REST stand-in:
//   (cd supabase/functions/api && deno run --allow-net tests/paypal-standin-server.ts)   # prints PAYPAL_*
//   env <those PAYPAL_* variables> PORT=3101 DATA_DIR=/tmp/pp npx tsx local/src/main.ts
//   E2E_BASE_URL=http://127.0.0.1:3101 E2E_DATA_DIR=/tmp/pp npx playwright test e2e/payments-paypal.spec.ts
// Against a demo-mode stack (the default, and CI's) these tests are skipped.
import { expect, test } from '@playwright/test';
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf, ledgerOf, ordersOf } from './support/credits.ts';
import { usePayPalSdkStandIn } from './support/paypal-sdk.ts';

test.beforeEach(async ({ baseURL }) => {
  const config = (await (await fetch(`${baseURL}/config.json`)).json()) as { payments: string };
  test.skip(config.payments !== 'paypal', 'the stack under test is not in PayPal mode');
});

async function signedIn(page: import('@playwright/test').Page, baseURL: string) {
  const who = newIdentity('paypal');
  const id = await signUpByApi(baseURL, who);
  await page.goto('/');
  await signInThroughDialog(page, who.email, who.password);
  return id;
}

test('the pre-created order is used once and the pack is credited exactly once', async ({
  page,
  baseURL,
}) => {
  const userId = await signedIn(page, baseURL!);
  await usePayPalSdkStandIn(page, 'approves');
  await page.goto('/checkout?pack=starter');
  const button = page.getByTestId('paypal-buttons').getByRole('button', { name: 'Debit or Credit Card' });
  await expect(button).toHaveAttribute('data-enabled', 'true');
  await expect
    .poll(() => ordersOf(userId))
    .toEqual([{ pack_id: 'starter', status: 'created', amount_cents: 1300 }]);

  // A pack change pre-creates a new order for that pack.
  await page.getByRole('radio', { name: 'Enterprise' }).click();
  await expect
    .poll(async () => (await ordersOf(userId)).map((o) => o.pack_id))
    .toEqual(['starter', 'enterprise']);
  await expect(button).toHaveAttribute('data-enabled', 'true');

  await button.click();
  await expect(page.getByText('Payment successful', { exact: true })).toBeVisible();
  await expect(page.getByText('Added 40,000 credits.', { exact: true })).toBeVisible();
  await page.waitForURL('**/checkout/success**');
  await expect(page.getByTestId('new-balance')).toHaveText('40,000 credits', { timeout: 6000 });

  // The click used the prefetched enterprise order: no third order was created.
  expect(await ordersOf(userId)).toEqual([
    { pack_id: 'starter', status: 'created', amount_cents: 1300 },
    { pack_id: 'enterprise', status: 'completed', amount_cents: 4500 },
  ]);
  expect(await balanceOf(userId)).toBe(40_000);
  expect((await ledgerOf(userId)).map((r) => [r.delta, r.reason])).toEqual([[40_000, 'purchase']]);
});

test('a buyer who cancels at PayPal gets the cancel toast and no credits', async ({ page, baseURL }) => {
  const userId = await signedIn(page, baseURL!);
  await usePayPalSdkStandIn(page, 'cancels');
  await page.goto('/checkout');
  const button = page.getByTestId('paypal-buttons').getByRole('button', { name: 'Debit or Credit Card' });
  await expect(button).toHaveAttribute('data-enabled', 'true');
  await button.click();
  await expect(page.getByText('Payment cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('You can try again.', { exact: true })).toBeVisible();
  // Ready again with a fresh order; nothing was charged or credited.
  await expect(button).toHaveAttribute('data-enabled', 'true');
  await expect.poll(async () => (await ordersOf(userId)).length).toBe(2);
  expect((await ordersOf(userId)).every((o) => o.status === 'created')).toBe(true);
  expect(await balanceOf(userId)).toBe(0);
});
