// /checkout/success says only what the server knows about the order: credited (with the real balance),
// still being confirmed, not found, or nothing but thanks (a direct /pay without an order).

import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf, grantCredits } from './support/credits.ts';
import { expect, type Page, test } from './support/test.ts';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).last();

async function demoOnly(baseURL: string) {
  const config = (await (await fetch(`${baseURL}/config.json`)).json()) as { payments: string };
  test.skip(config.payments !== 'demo', 'the stack under test is in PayPal mode');
}

async function fillCard(page: Page) {
  await page.getByLabel('Cardholder Name').fill('Ada Buyer');
  await page.getByLabel('Card Number').pressSequentially('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').pressSequentially('1299');
  await page.getByLabel('CVC').pressSequentially('123');
}

test('a direct /pay is thanked without any claim of credits; a signed-out visitor with an order is asked to sign in', async ({
  page,
}) => {
  await page.goto('/pay?amount=1300&currency=eur&description=Starter&credits=5600');
  await fillCard(page);
  await page.getByLabel('Receipt Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Pay €13.00' }).click();
  await expect(toast(page, 'Frontend-only demo')).toBeVisible();
  await page.waitForURL('**/checkout/success**');
  await expect(toast(page, 'Payment Successful!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('order-outcome')).toHaveText(
    'Payment Successful! Thank you for choosing Lift3D.',
  );
  await expect(page.getByText(/credits have been added/)).toHaveCount(0);
  await expect(page.getByTestId('new-balance')).toHaveCount(0);

  // An order in the URL is not a payment: a signed-out visitor is asked to sign in to see it, no more.
  await page.goto('/checkout/success?order=DEMO-123&provider=demo&credits=5600');
  await expect(page.getByTestId('order-outcome')).toHaveText(
    'This order belongs to an account. Sign in with it to see whether it was paid and your credits were added.',
    { timeout: 20_000 },
  );
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expect(page.getByText(/credits have been added/)).toHaveCount(0);
});

test('an order not yet paid reads as being confirmed; after paying, a reload shows the real balance', async ({
  page,
  baseURL,
}) => {
  await demoOnly(baseURL!);
  const who = newIdentity('truth');
  const id = await signUpByApi(baseURL!, who);
  await grantCredits(id, 70);
  await page.goto('/');
  await signInThroughDialog(page, who.email, who.password);
  await page.goto('/checkout?pack=starter');
  await page.getByTestId('payment-summary').getByRole('button', { name: 'Pay with Card' }).click();
  await page.waitForURL(/\/pay\?/);
  const order = new URL(page.url()).searchParams.get('order');
  expect(order).toBeTruthy();
  const payUrl = page.url();

  // Straight to the success page without paying: the server says the order is not paid yet.
  await page.goto(`/checkout/success?order=${order}&provider=demo`);
  await expect(page.getByTestId('order-outcome')).toHaveText(
    'Your payment is being confirmed. 5,600 credits will be added to your account as soon as it clears.',
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('new-balance')).toHaveText('70 credits');
  expect(await balanceOf(id)).toBe(70);

  await page.goto(payUrl);
  await fillCard(page);
  await page.getByRole('button', { name: 'Pay €13.00' }).click();
  await page.waitForURL('**/checkout/success**');
  await expect(page.getByTestId('new-balance')).toHaveText('5,670 credits', { timeout: 20_000 });
  await page.reload();
  await expect(page.getByTestId('order-outcome')).toHaveText(
    '5,600 credits have been added to your account. They never expire.',
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('new-balance')).toHaveText('5,670 credits');
  expect(await balanceOf(id)).toBe(5_670);
});

test('a signed-out visitor who picks a pack signs in in place and pays for that same pack', async ({
  page,
  baseURL,
}) => {
  await demoOnly(baseURL!);
  const who = newIdentity('visitor');
  await signUpByApi(baseURL!, who);
  await page.goto('/checkout?pack=starter');
  await page.getByRole('radio', { name: /Enterprise/ }).click();
  const summary = page.getByTestId('payment-summary');
  await summary.getByRole('button', { name: 'Sign in to pay' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(who.email);
  await dialog.getByLabel('Password', { exact: true }).fill(who.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });

  // Still on checkout, still on Enterprise, and now able to pay for it.
  expect(new URL(page.url()).pathname).toBe('/checkout');
  await expect(page.getByRole('radio', { name: /Enterprise/ })).toHaveAttribute('aria-checked', 'true');
  await summary.getByRole('button', { name: 'Pay with Card' }).click();
  await page.waitForURL(/\/pay\?/);
  await expect(page.getByTestId('pay-credits')).toHaveText('40,000 credits');
});
