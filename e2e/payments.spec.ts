// Buying credits through the demo checkout of the local stack, the cancel path, and the checkout page's
// pack selection on phones.

import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf, grantCredits, ledgerOf, ordersOf } from './support/credits.ts';
import { expect, type Page, test } from './support/test.ts';

async function signedInBuyer(page: Page, baseURL: string, startingCredits: number) {
  const who = newIdentity('buyer');
  const id = await signUpByApi(baseURL, who);
  if (startingCredits) await grantCredits(id, startingCredits);
  await page.goto('/');
  await signInThroughDialog(page, who.email, who.password);
  return { ...who, id };
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).last();

/** The demo card checkout exists only when the stack has no PayPal keys (the default, and CI's). */
async function skipUnlessDemo(baseURL: string) {
  const config = (await (await fetch(`${baseURL}/config.json`)).json()) as { payments: string };
  test.skip(
    config.payments !== 'demo',
    'the stack under test is in PayPal mode (see payments-paypal.spec.ts)',
  );
}

test('a signed-in user buys Professional with the demo card form and the balance rises by 12,000', async ({
  page,
  baseURL,
}) => {
  await skipUnlessDemo(baseURL!);
  const buyer = await signedInBuyer(page, baseURL!, 120);
  await page.goto('/checkout?pack=Professional');
  const summary = page.getByTestId('payment-summary');
  await expect(summary.getByText('Professional')).toBeVisible();
  await expect(summary.getByText('12,000', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Professional/ })).toHaveAttribute('aria-checked', 'true');

  await summary.getByRole('button', { name: 'Pay with Card' }).click();
  await page.waitForURL(/\/pay\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('amount')).toBe('2000');
  expect(url.searchParams.get('currency')).toBe('EUR');
  await expect(page.getByTestId('pay-amount')).toHaveText('€20.00');
  await expect(page.getByTestId('pay-credits')).toHaveText('12,000 credits');

  // Validation runs in the spec's order and nothing is charged while it fails.
  const pay = page.getByRole('button', { name: 'Pay €20.00' });
  await pay.click();
  await expect(toast(page, 'Cardholder name required')).toBeVisible();
  await page.getByLabel('Cardholder Name').fill('Ada Buyer');
  await page.getByLabel('Card Number').pressSequentially('4242424242424241');
  await expect(page.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4241');
  await pay.click();
  await expect(toast(page, 'Card number invalid')).toBeVisible();
  await page.getByLabel('Card Number').fill('');
  await page.getByLabel('Card Number').pressSequentially('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').pressSequentially('1299');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/99');
  await page.getByLabel('CVC').pressSequentially('12a345');
  await expect(page.getByLabel('CVC')).toHaveValue('1234');
  await expect(page.getByLabel('Receipt Email')).toHaveValue(buyer.email);
  expect(await balanceOf(buyer.id)).toBe(120);

  await pay.click();
  await page.waitForURL('**/checkout/success**');
  await expect(page.getByText('Processing your payment...')).toBeVisible();
  await expect(toast(page, 'Payment Successful!')).toBeVisible({ timeout: 6000 });
  await expect(page.getByText('Thank you for your purchase!')).toBeVisible();
  await expect(page.getByTestId('new-balance')).toHaveText('12,120 credits');
  await expect(page.getByTestId('order-outcome')).toHaveText(
    '12,000 credits have been added to your account. They never expire.',
  );
  // This payment really credits: no 'front-end only' notice.
  await expect(page.getByText('Frontend-only demo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start Creating' })).toHaveAttribute('href', '/app');
  await expect(page.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile');

  expect(await balanceOf(buyer.id)).toBe(12_120);
  expect((await ledgerOf(buyer.id)).map((r) => [r.delta, r.reason])).toEqual([
    [120, 'admin'],
    [12_000, 'purchase'],
  ]);
  // Going back to the paid order's page offers no second payment: the server says it is paid.
  await page.goBack();
  await page.waitForURL(/\/pay\?/);
  await expect(page.getByTestId('pay-order-note')).toHaveText(
    'This order is already paid: its credits are in your account.',
  );
  await expect(page.getByRole('button', { name: 'Pay €20.00' })).toBeDisabled();
  expect(await balanceOf(buyer.id)).toBe(12_120);
});

test('cancelling the payment changes nothing', async ({ page, baseURL }) => {
  await skipUnlessDemo(baseURL!);
  const buyer = await signedInBuyer(page, baseURL!, 120);
  await page.goto('/checkout?pack=starter');
  await page.getByTestId('payment-summary').getByRole('button', { name: 'Pay with Card' }).click();
  await page.waitForURL(/\/pay\?/);
  await expect(page.getByTestId('pay-amount')).toHaveText('€13.00');
  await page.getByRole('link', { name: 'Cancel payment' }).click();
  await page.waitForURL('**/checkout/cancel');
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText(/no charges were made/)).toBeVisible();
  expect(await balanceOf(buyer.id)).toBe(120);
  expect(await ordersOf(buyer.id)).toEqual([{ pack_id: 'starter', status: 'created', amount_cents: 1300 }]);
  await page.getByRole('link', { name: 'Try Again' }).click();
  await page.waitForURL((u) => u.pathname === '/checkout');
  await expect(page.getByRole('heading', { name: 'Get More Credits' })).toBeVisible();
  expect(await balanceOf(buyer.id)).toBe(120);
});

test('/pay without an amount says how to give one', async ({ page }) => {
  await page.goto('/pay');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(toast(page, 'Missing amount')).toBeVisible();
  await expect(toast(page, 'Provide amount as cents via ?amount=1500')).toBeVisible();
});

test('/pay with a payment link goes there once the form is valid', async ({ page }) => {
  await page.route('https://pay.example.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Provider checkout</h1>' }),
  );
  await page.goto(
    '/pay?amount=1500&currency=usd&description=Gift&paymentLink=https%3A%2F%2Fpay.example.test%2Fs%2Fabc',
  );
  await expect(page.getByTestId('pay-amount')).toHaveText('USD 15.00');
  await expect(page.getByTestId('pay-description')).toHaveText('Gift');
  await page.getByLabel('Cardholder Name').fill('Ada Buyer');
  await page.getByLabel('Card Number').pressSequentially('4111111111111111');
  await page.getByLabel('Expiry (MM/YY)').pressSequentially('1299');
  await page.getByLabel('CVC').pressSequentially('123');
  await page.getByLabel('Receipt Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Pay USD 15.00' }).click();
  await expect(toast(page, 'Valid email required')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/pay');
  await page.getByLabel('Receipt Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Pay USD 15.00' }).click();
  await page.waitForURL('https://pay.example.test/s/abc');
  await expect(page.getByRole('heading', { name: 'Provider checkout' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the carousel selects the pack that comes to rest in the centre', async ({ page }) => {
    await page.goto('/checkout?pack=unknown-pack');
    const radio = (name: string) => page.getByRole('radio', { name: new RegExp(`^${name}`) });
    await expect(radio('Professional')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('carousel-dots')).toBeVisible();
    const summary = page.getByTestId('payment-summary');

    await page.getByTestId('pack-picker').evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
    await expect(radio('Starter')).toHaveAttribute('aria-checked', 'true');
    await expect(summary.getByText('5,600', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Show the Enterprise pack' }).click();
    await expect(radio('Enterprise')).toHaveAttribute('aria-checked', 'true');
    await expect(summary.getByText('40,000', { exact: true })).toBeVisible();
  });
});
