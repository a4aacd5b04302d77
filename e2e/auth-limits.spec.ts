import { type GoogleStack, startGoogleStack } from './support/google-stack.ts';
import { expect, test } from './support/test.ts';

// Too many sign-in attempts: the auth server answers 429 (like Supabase's per-address limit) and the
// dialog says so in words. Its own stack with a tiny limit, so no other test is slowed down.

let stack: GoogleStack;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startGoogleStack({ AUTH_SIGN_IN_LIMIT: '3' });
});

test.afterAll(async () => {
  await stack?.stop();
});

test('too many attempts read as a sentence, not a status code', async ({ page }) => {
  await page.goto(`${stack.url}/`);
  await page.locator('header').getByRole('button', { name: 'Sign In' }).first().click();
  const d = page.getByRole('dialog');
  await d.getByLabel('Email').fill('nobody@example.test');
  const banner = d.getByRole('alert');
  for (let i = 0; i < 3; i++) {
    await d.getByLabel('Password', { exact: true }).fill(`wrong-password-${i}`);
    await d.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(banner).toHaveText('Incorrect email or password. Please try again.');
  }
  await d.getByLabel('Password', { exact: true }).fill('wrong-password-again');
  await d.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(banner).toHaveText('Too many attempts. Please wait a few minutes and try again.');
});
