// The local stack's mail inbox: a password reset is asked for in the app, the mail is delivered over SMTP
// to the stack's catcher, read in its web inbox at /mail/, and the link in it completes the reset.

import {
  dialog,
  newIdentity,
  openSignIn,
  signInThroughDialog,
  signOutThroughMenu,
  signUpByApi,
} from './support/accounts.ts';
import { expect, type Page, test } from './support/test.ts';

/** A folder to write the changed screens' screenshots to (MAIL_SCREENSHOTS=dir). */
const SHOTS = process.env.MAIL_SCREENSHOTS;

// The mail's links use the stack's site URL (http://localhost:PORT), so the whole journey runs on that
// origin, as it does for a developer who opened the README's address.
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3100}` });

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

test('a password reset mail is read in the local inbox and its link sets a new password', async ({
  page,
  context,
  baseURL,
}) => {
  const who = newIdentity('inbox');
  await signUpByApi(baseURL as string, who);
  await page.goto('/');
  await openSignIn(page);
  const d = dialog(page);
  await d.getByRole('button', { name: 'Forgot password?' }).click();
  await d.getByLabel('Email').fill(who.email);
  await d.getByRole('button', { name: 'Send Reset Link' }).click();
  const status = d.getByRole('status');
  await expect(status).toContainText(
    `If an account exists for ${who.email}, we have sent a link to reset its password.`,
  );
  await expect(status).toContainText('Running locally: the mail is in the local mail inbox.');
  await shoot(page, 'forgot-password-sent');

  // The note's link opens the inbox in a new tab, on this origin.
  const inboxOpened = context.waitForEvent('page');
  await status.getByRole('link', { name: 'local mail inbox' }).click();
  const inbox = await inboxOpened;
  await inbox.waitForLoadState();
  expect(new URL(inbox.url()).pathname).toBe('/mail/');
  await expect(inbox).toHaveTitle(/MailDev/);

  // The worker delivers the outbox over SMTP; the list shows the mail once it has arrived.
  const mail = inbox.getByText(who.email).first();
  await expect(async () => {
    await inbox.reload();
    await expect(mail).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await mail.click();
  await expect(inbox.getByText('Reset your password').first()).toBeVisible();
  const html = inbox.frameLocator('iframe[title="Email HTML content"]');
  const link = html.getByRole('link', { name: 'Reset password' });
  await expect(link).toBeVisible();
  await shoot(inbox, 'mail-inbox-reset');

  // The inbox shows each mail in a sandboxed frame (no scripts, no pop-ups), so the link is opened in a
  // tab of its own, as "Open link in new tab" does.
  const href = (await link.getAttribute('href')) as string;
  expect(href).toMatch(new RegExp(`^${baseURL}/auth/v1/verify\\?`));
  const tab = await context.newPage();
  await tab.goto(href);
  await tab.waitForURL('**/reset-password**');
  await expect(tab.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await tab.getByLabel('New Password', { exact: true }).fill('inbox-secret-1');
  await tab.getByLabel('Confirm New Password').fill('inbox-secret-1');
  await tab.getByRole('button', { name: 'Update Password' }).click();
  await tab.waitForURL('**/app');
  await expect(tab.getByText('Password Changed')).toBeVisible();

  await signOutThroughMenu(tab);
  await signInThroughDialog(tab, who.email, 'inbox-secret-1');
});

test('an e-mail change is confirmed from both mails in the local inbox', async ({
  page,
  context,
  baseURL,
}) => {
  const who = newIdentity('inbox-from');
  const next = newIdentity('inbox-to');
  await signUpByApi(baseURL as string, who);
  await page.goto('/');
  await signInThroughDialog(page, who.email, who.password);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Email Address').fill(next.email);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`we sent a link to ${who.email} and to ${next.email}`)).toBeVisible();
  const note = page.getByText('Running locally: the mail is in the local mail inbox.');
  await expect(note).toBeVisible();
  await shoot(page, 'profile-email-change-sent');

  const inboxOpened = context.waitForEvent('page');
  await note.getByRole('link', { name: 'local mail inbox' }).click();
  const inbox = await inboxOpened;
  const follow = async (address: string) => {
    const mail = inbox.getByText(address, { exact: true }).first();
    await expect(async () => {
      await inbox.reload();
      await expect(mail).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await mail.click();
    const link = inbox
      .frameLocator('iframe[title="Email HTML content"]')
      .getByRole('link', { name: 'Confirm e-mail change' });
    const href = (await link.getAttribute('href')) as string;
    expect(href).toMatch(new RegExp(`^${baseURL}/auth/v1/verify\\?`));
    const tab = await context.newPage();
    await tab.goto(href);
    await tab.waitForURL('**/profile**');
    await tab.close();
  };
  await follow(next.email);
  await page.reload();
  await expect(page.getByTestId('profile-email')).toHaveText(who.email);
  await follow(who.email);
  await page.reload();
  await expect(page.getByTestId('profile-email')).toHaveText(next.email);
});
