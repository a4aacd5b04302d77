// PayPal checkout in the browser (SPEC §4 "Checkout"), on a stack of its own in PayPal mode: an order is
// pre-created on load and whenever the pack or the user changes; while none is ready the card button is
// disabled and a click is refused; the prefetched order is used once; approval captures it on the server
// and the credits arrive exactly once; cancelling changes nothing. The SDK stand-in runs under the stack's
// real Content-Security-Policy for PayPal mode, which allows exactly PayPal's SDK origins.

import { newIdentity, signUpByApi } from './support/accounts.ts';
import { watchPageProblems } from './support/page-problems.ts';
import { usePayPalSdkStandIn } from './support/paypal-sdk.ts';
import { type PayPalStack, startPayPalStack } from './support/paypal-stack.ts';
import { expect, type Page, test } from './support/test.ts';

let stack: PayPalStack;

test.beforeAll(async () => {
  // Migrations, the REST stand-in and the api function: minutes on a loaded machine.
  test.setTimeout(480_000);
  stack = await startPayPalStack();
});

test.afterAll(async () => {
  await stack?.stop();
});

// Sign-up, sign-in, the SDK and a capture through the REST stand-in: generous on a shared machine.
test.beforeEach(() => {
  test.setTimeout(180_000);
});

const PAYPAL_ORIGINS = 'https://*.paypal.com https://*.paypalobjects.com https://*.venmo.com';

const ordersOf = (userId: string) =>
  stack.sql<{ pack_id: string; status: string; amount_cents: number }[]>`
    select pack_id, status, amount_cents from public.payment_orders where user_id = ${userId} order by created_at`;
const balanceOf = async (userId: string) =>
  (await stack.sql<{ credits: number }[]>`select credits from public.profiles where id = ${userId}`)[0]
    .credits;
const ledgerOf = (userId: string) =>
  stack.sql<{ delta: number; reason: string }[]>`
    select delta, reason from public.credit_ledger where user_id = ${userId} order by id`;

async function signIn(page: Page, who: { email: string; password: string }) {
  const d = page.getByRole('dialog');
  await d.getByLabel('Email').fill(who.email);
  await d.getByLabel('Password', { exact: true }).fill(who.password);
  await d.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(d).toBeHidden({ timeout: 15_000 });
}

async function signedIn(page: Page) {
  const who = newIdentity('paypal');
  const id = await signUpByApi(stack.url, who);
  await page.goto(`${stack.url}/`);
  await page.locator('header').getByRole('button', { name: 'Sign In' }).first().click();
  await signIn(page, who);
  await page.waitForURL(`${stack.url}/app`);
  return id;
}

const cardButton = (page: Page) =>
  page.getByTestId('paypal-buttons').getByRole('button', { name: 'Debit or Credit Card' });

test('the policy in PayPal mode allows exactly the SDK origins, and checkout runs without a violation', async ({
  page,
  request,
}) => {
  const res = await request.get(`${stack.url}/checkout`);
  const csp = res.headers()['content-security-policy'] ?? '';
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources.join(' ')] as const;
    }),
  );
  expect(directives.get('script-src')).toBe(`'self' 'wasm-unsafe-eval' ${PAYPAL_ORIGINS}`);
  expect(directives.get('frame-src')).toBe(PAYPAL_ORIGINS);
  // Besides PayPal, connect-src names only this stack's own origins (the gateway's other names for itself).
  const own = new URL(stack.url).port;
  expect(
    (directives.get('connect-src') ?? '')
      .split(' ')
      .filter((src) => src !== `http://127.0.0.1:${own}` && src !== `http://localhost:${own}`)
      .join(' '),
  ).toBe(`'self' data: blob: ${PAYPAL_ORIGINS}`);
  expect(directives.get('frame-ancestors')).toBe("'none'");
  expect(res.headers()['permissions-policy']).toContain(
    'payment=(self "https://www.paypal.com" "https://www.sandbox.paypal.com")',
  );
  const config = await (await request.get(`${stack.url}/config.json`)).json();
  expect(config.payments).toBe('paypal');

  const problems = await watchPageProblems(page);
  await usePayPalSdkStandIn(page, 'approves');
  const userId = await signedIn(page);
  await page.goto(`${stack.url}/checkout?pack=starter`);
  // The console's errors come along, so a failed pre-creation says why.
  await expect
    .poll(async () => ({ enabled: await cardButton(page).getAttribute('data-enabled'), problems }), {
      timeout: 30_000,
    })
    .toEqual({ enabled: 'true', problems: [] });
  // A click that lands while the SDK button re-renders is dropped, as PayPal's own is; a buyer clicks
  // again, and the balance below proves it was paid once.
  await expect(async () => {
    if (!page.url().includes('/checkout/success')) await cardButton(page).click({ timeout: 5_000 });
    await page.waitForURL('**/checkout/success**', { timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByTestId('new-balance')).toHaveText('5,600 credits', { timeout: 20_000 });
  expect(await balanceOf(userId)).toBe(5_600);
  // The one on-page notice of the demo never shows for a payment that really credits.
  await expect(page.getByText('Frontend-only demo')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the pre-created order is used once and the pack is credited exactly once', async ({ page }) => {
  const userId = await signedIn(page);
  await usePayPalSdkStandIn(page, 'approves');
  await page.goto(`${stack.url}/checkout?pack=starter`);
  const button = cardButton(page);
  await expect(button).toHaveAttribute('data-enabled', 'true', { timeout: 30_000 });
  await expect
    .poll(() => ordersOf(userId))
    .toEqual([{ pack_id: 'starter', status: 'created', amount_cents: 1300 }]);

  // A pack change pre-creates a new order for that pack.
  await page.getByRole('radio', { name: /Enterprise/ }).click();
  await expect
    .poll(async () => (await ordersOf(userId)).map((o) => o.pack_id))
    .toEqual(['starter', 'enterprise']);
  await expect(button).toHaveAttribute('data-enabled', 'true');

  await button.click();
  await expect(page.getByText('Payment successful', { exact: true })).toBeVisible();
  await expect(page.getByText('Added 40,000 credits.', { exact: true })).toBeVisible();
  await page.waitForURL('**/checkout/success**');
  await expect(page.getByTestId('new-balance')).toHaveText('40,000 credits', { timeout: 20_000 });

  // The click used the prefetched enterprise order: no third order was created.
  expect(await ordersOf(userId)).toEqual([
    { pack_id: 'starter', status: 'created', amount_cents: 1300 },
    { pack_id: 'enterprise', status: 'completed', amount_cents: 4500 },
  ]);
  expect(await balanceOf(userId)).toBe(40_000);
  expect((await ledgerOf(userId)).map((r) => [r.delta, r.reason])).toEqual([[40_000, 'purchase']]);
  await expect(page.getByText('Frontend-only demo')).toHaveCount(0);
});

test('while the order is being made the card button is disabled and a click is refused', async ({ page }) => {
  const userId = await signedIn(page);
  await usePayPalSdkStandIn(page, 'approves');
  // Hold the pre-creation until the test lets it through.
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  let holding = 0;
  await page.route('**/api/paypal/create-order', async (route) => {
    holding++;
    await held;
    await route.continue();
  });
  await page.goto(`${stack.url}/checkout?pack=professional`);
  const button = cardButton(page);
  await expect(button).toHaveAttribute('data-enabled', 'false');
  await expect.poll(() => holding).toBe(1);
  await button.click();
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { __paypalStandIn: { rejected: number } }).__paypalStandIn.rejected,
      ),
    )
    .toBe(1);
  expect(
    await page.evaluate(
      () => (window as unknown as { __paypalStandIn: { created: string[] } }).__paypalStandIn.created,
    ),
  ).toEqual([]);
  expect(await balanceOf(userId)).toBe(0);

  release();
  await expect(button).toHaveAttribute('data-enabled', 'true');
  await button.click();
  await page.waitForURL('**/checkout/success**');
  await expect(page.getByTestId('new-balance')).toHaveText('12,000 credits', { timeout: 20_000 });
  // One order only: the refused click made none, the paying click used the pre-created one.
  expect(await ordersOf(userId)).toEqual([
    { pack_id: 'professional', status: 'completed', amount_cents: 2000 },
  ]);
});

test('a signed-out visitor signs in in place: the order is pre-created for them, for the same pack', async ({
  page,
}) => {
  const who = newIdentity('paypal-visitor');
  const userId = await signUpByApi(stack.url, who);
  await usePayPalSdkStandIn(page, 'approves');
  await page.goto(`${stack.url}/checkout?pack=starter`);
  await page.getByRole('radio', { name: /Enterprise/ }).click();
  await page.getByTestId('payment-summary').getByRole('button', { name: 'Sign in to pay' }).click();
  await signIn(page, who);

  expect(new URL(page.url()).pathname).toBe('/checkout');
  await expect(page.getByRole('radio', { name: /Enterprise/ })).toHaveAttribute('aria-checked', 'true');
  const button = cardButton(page);
  await expect(button).toHaveAttribute('data-enabled', 'true');
  await expect
    .poll(() => ordersOf(userId))
    .toEqual([{ pack_id: 'enterprise', status: 'created', amount_cents: 4500 }]);
  await button.click();
  await expect(page.getByTestId('new-balance')).toHaveText('40,000 credits', { timeout: 20_000 });
  expect(await balanceOf(userId)).toBe(40_000);
});

test('a buyer who cancels at PayPal gets the cancel toast and no credits', async ({ page }) => {
  const userId = await signedIn(page);
  await usePayPalSdkStandIn(page, 'cancels');
  await page.goto(`${stack.url}/checkout`);
  const button = cardButton(page);
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
