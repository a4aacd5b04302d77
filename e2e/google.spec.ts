import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { type GoogleStack, startGoogleStack } from './support/google-stack.ts';
import { expect, type Page, test } from './support/test.ts';

// "Continue with Google" end to end: SPA → Supabase Auth (local auth server) → a real OpenID provider on
// 127.0.0.1 → back, in a popup on desktop and as a full-page redirect on mobile.

let stack: GoogleStack;
let sql: postgres.Sql;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startGoogleStack();
  sql = postgres(stack.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
});

test.afterAll(async () => {
  await sql?.end();
  await stack?.stop();
});

function googler(label: string) {
  const id = randomUUID().slice(0, 8);
  stack.provider.account = {
    sub: `google-${label}-${id}`,
    email: `${label}-${id}@gmail.test`,
    email_verified: true,
    name: `Googler ${label} ${id}`,
  };
  return stack.provider.account;
}

async function openDialog(page: Page) {
  await page.goto(`${stack.url}/`);
  await page.locator('header').getByRole('button', { name: 'Sign In' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

test('desktop: a 600×700 popup signs in and the app opens the studio', async ({ page }) => {
  const account = googler('popup');
  await openDialog(page);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  // The popup goes on to the provider by itself: a read that meets that navigation is read again.
  await expect
    .poll(() => popup.evaluate(() => [window.outerWidth, window.outerHeight]).catch(() => null))
    .toEqual([600, 700]);
  await page.waitForURL(`${stack.url}/app`);
  await expect.poll(() => popup.isClosed()).toBe(true);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(stored).toMatchObject({ name: account.name, email: account.email, has_password: false });
  expect(await page.evaluate(() => localStorage.getItem('oauth_user'))).toBeNull();

  // The session works for the API: the profile loads and offers Set Password for the Google account.
  await page.goto(`${stack.url}/profile`);
  await expect(page.getByTestId('profile-email')).toHaveText(account.email);
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText('Create a password for this Google account.')).toBeVisible();
  await page.getByRole('button', { name: 'Set Password' }).click();
  const d = page.getByRole('dialog');
  await expect(d.getByLabel('Current Password')).toHaveCount(0);
  await d.getByLabel('New Password', { exact: true }).fill('google-pw-1');
  await d.getByLabel('Confirm New Password').fill('google-pw-1');
  await d.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password Set')).toBeVisible();
  await expect(page.getByText('Your password has been created.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
  const [row] = await sql`select has_password from public.profiles where email = ${account.email}`;
  expect(row?.has_password).toBe(true);
});

test('mobile: the whole page goes to Google and comes back signed in', async ({ browser }) => {
  const account = googler('mobile');
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  try {
    await openDialog(page);
    let popups = 0;
    page.on('popup', () => popups++);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(`${stack.url}/app`, { timeout: 30_000 });
    expect(popups).toBe(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ email: account.email, has_password: false });
  } finally {
    await context.close();
  }
});

// Checkout (SPEC §4): a signed-out visitor who picks a pack signs in in place — through Google too — and
// lands back on the same pack, ready to pay, in the popup and in the full-page round trip alike.
async function pickEnterpriseSignedOut(page: Page) {
  await page.goto(`${stack.url}/checkout?pack=starter`);
  await page.getByRole('radio', { name: /Enterprise/ }).click();
  await expect(page).toHaveURL(`${stack.url}/checkout?pack=enterprise`);
  await page.getByTestId('payment-summary').getByRole('button', { name: 'Sign in to pay' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

async function expectReadyToPayForEnterprise(page: Page, account: { name: string }) {
  await expect(
    page.getByTestId('payment-summary').getByRole('button', { name: 'Pay with Card' }),
  ).toBeVisible({
    timeout: 30_000,
  });
  expect(new URL(page.url()).pathname).toBe('/checkout');
  expect(new URL(page.url()).searchParams.get('pack')).toBe('enterprise');
  await expect(page.getByRole('radio', { name: /Enterprise/ })).toHaveAttribute('aria-checked', 'true');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(stored).toMatchObject({ name: account.name });
}

test('checkout, desktop: Google in the popup keeps the visitor on the chosen pack', async ({ page }) => {
  test.setTimeout(180_000);
  const account = googler('checkout-popup');
  await pickEnterpriseSignedOut(page);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.isClosed(), { timeout: 30_000 }).toBe(true);
  await expectReadyToPayForEnterprise(page, account);
});

test('checkout, mobile: the Google round trip returns to the same pack, not the studio', async ({
  browser,
}) => {
  // A full round trip through the provider: generous on a shared machine. (A sign-in that does not ask to
  // stay still ends in the studio: the mobile test above.)
  test.setTimeout(180_000);
  const account = googler('checkout-mobile');
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  try {
    await pickEnterpriseSignedOut(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // Away to the provider and back through /auth/callback, then to the page the sign-in started on.
    await page.waitForURL(`${stack.url}/checkout?pack=enterprise`, { timeout: 30_000 });
    await expectReadyToPayForEnterprise(page, account);
    expect(await page.evaluate(() => sessionStorage.getItem('lift3d-sign-in-return-to'))).toBeNull();
  } finally {
    await context.close();
  }
});

test('a tampered state is refused and nobody is signed in', async ({ page }) => {
  const account = googler('tampered');
  await openDialog(page);
  // Change one character of the signed state the auth server sends to the provider; the provider hands
  // it back unchanged to the callback (redirects inside one navigation cannot be routed, the first hop can).
  let tampered = 0;
  await page.context().route(
    (url) => url.pathname === '/auth/v1/authorize',
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = new URL(response.headers().location as string);
      const state = location.searchParams.get('state') ?? '';
      const swapped = state.at(-2) === 'A' ? 'B' : 'A';
      location.searchParams.set('state', `${state.slice(0, -2)}${swapped}${state.slice(-1)}`);
      tampered++;
      await route.fulfill({ status: 302, headers: { location: location.toString() } });
    },
  );
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await expect(popup.locator('body')).toContainText('bad_oauth_state', { timeout: 20_000 });
  expect(tampered).toBe(1);
  await page.waitForTimeout(1500);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  const rows = await sql`select 1 from auth.users where email = ${account.email}`;
  expect(rows).toHaveLength(0);
  await popup.close();
});

// The opener also accepts a code to exchange itself (route 3) and the localStorage fallback (route 4).
// A stand-in popup page posts them, so the opener's listeners are what is tested here.
test('the opener takes a result from a code message or from localStorage', async ({ page }) => {
  await openDialog(page);
  await page.context().route(
    (url) => url.pathname === '/auth/callback' && url.searchParams.get('start') === 'google',
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<script>localStorage.setItem('oauth_error', 'The provider said no.'); window.close();</script>`,
      }),
  );
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('The provider said no.');
  expect(await page.evaluate(() => localStorage.getItem('oauth_error'))).toBeNull();

  await page.context().unrouteAll();
  await page.context().route(
    (url) => url.pathname === '/auth/callback' && url.searchParams.get('start') === 'google',
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<script>window.opener.postMessage({ type: 'oauth:google:code', code: 'not-a-real-code' }, location.origin);</script>`,
      }),
  );
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // The exchange fails (no such code for this browser): the error shows, nobody is signed in.
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'This sign-in was started in another browser or has expired. Please start again.',
  );
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('a blocked popup says so', async ({ page }) => {
  await openDialog(page);
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'Popup blocked. Please allow popups and try again.',
  );
});

test('the Google button is hidden when Google is not configured', async ({ page, baseURL }) => {
  test.skip(!baseURL, 'needs the main stack');
  const config = await (await fetch(`${baseURL}/config.json`)).json();
  test.skip(config.googleEnabled === true, 'the main stack has Google configured');
  await page.goto(`${baseURL}/`);
  await page.locator('header').getByRole('button', { name: 'Sign In' }).first().click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Create Account' })).toHaveCount(0);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
});
