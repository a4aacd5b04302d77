import {
  dialog,
  latestMailTo,
  newIdentity,
  noteDialogTexts,
  openSignIn,
  signInThroughDialog,
  signOutThroughMenu,
  signUpByApi,
} from './support/accounts.ts';
import { database } from './support/db.ts';
import { expect, test } from './support/test.ts';

// Accounts end to end against the real stack: Supabase Auth (local auth server), the api function and
// the database rules. Every test makes its own users.

test('the dialog shows every validation message and clears a field error on edit', async ({ page }) => {
  await page.goto('/');
  await openSignIn(page);
  const d = dialog(page);
  await d.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(d.getByText('Email is required')).toBeVisible();
  await expect(d.getByText('Password is required')).toBeVisible();

  await d.getByLabel('Email').fill('not-an-email');
  await expect(d.getByText('Email is required')).toBeHidden();
  await d.getByLabel('Password', { exact: true }).fill('123');
  await d.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(d.getByText('Please enter a valid email address')).toBeVisible();
  await expect(d.getByText('Password must be at least 6 characters')).toBeVisible();

  // Switching mode clears fields and errors.
  await d.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(d.getByLabel('Email')).toHaveValue('');
  await expect(d.getByText('Please enter a valid email address')).toBeHidden();
  await d.getByRole('button', { name: 'Create Account' }).click();
  await expect(d.getByText('Full name is required')).toBeVisible();
  await expect(d.getByText('Please confirm your password')).toBeVisible();
  await d.getByLabel('Full Name').fill('   ');
  await d.getByLabel('Email').fill('a@b.co');
  await d.getByLabel('Password', { exact: true }).fill('secret-1');
  await d.getByLabel('Confirm Password').fill('secret-2');
  await d.getByRole('button', { name: 'Create Account' }).click();
  await expect(d.getByText('Full name is required')).toBeVisible();
  await expect(d.getByText('Passwords do not match')).toBeVisible();

  // The show/hide toggle reveals the password.
  await expect(d.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await d.getByRole('button', { name: 'Show password' }).first().click();
  await expect(d.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');

  // Closing resets everything.
  await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
  await openSignIn(page);
  await expect(dialog(page).getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog(page).getByLabel('Email')).toHaveValue('');
  await expect(dialog(page).getByText('Passwords do not match')).toBeHidden();
});

test('sign up, sign out and sign in again', async ({ page }) => {
  const who = newIdentity('signup');
  await page.goto('/');
  await openSignIn(page);
  const d = dialog(page);
  await d.getByRole('tab', { name: 'Sign Up' }).click();
  await d.getByLabel('Full Name').fill(who.name);
  await d.getByLabel('Email').fill(who.email);
  await d.getByLabel('Password', { exact: true }).fill(who.password);
  await d.getByLabel('Confirm Password').fill(who.password);
  const created = ['Account Created!', 'Your account has been successfully created.'];
  const seenAtSignUp = await noteDialogTexts(page, created);
  await d.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/app');
  // The overlay shows for 1.2 s before the studio opens: noted as it appears, not polled for.
  expect(await seenAtSignUp()).toEqual([...created].sort());
  await expect(d).toBeHidden();

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(stored).toMatchObject({
    name: who.name,
    email: who.email,
    credits: 0,
    has_password: true,
    is_admin: false,
  });

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(who.name)).toBeVisible();
  await expect(page.getByRole('menu').getByText(who.email)).toBeVisible();
  await page.keyboard.press('Escape');
  await signOutThroughMenu(page);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  await openSignIn(page);
  await d.getByLabel('Email').fill(who.email);
  await d.getByLabel('Password', { exact: true }).fill(who.password);
  const welcome = ['Welcome Back!', 'You have been successfully signed in.'];
  const seenAtSignIn = await noteDialogTexts(page, welcome);
  await d.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await page.waitForURL('**/app');
  expect(await seenAtSignIn()).toEqual([...welcome].sort());
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('auth errors read as sentences: existing e-mail, wrong password', async ({ page, baseURL }) => {
  const who = newIdentity('errors');
  await signUpByApi(baseURL as string, who);
  await page.goto('/');
  await openSignIn(page);
  const d = dialog(page);
  await d.getByLabel('Email').fill(who.email);
  await d.getByLabel('Password', { exact: true }).fill('wrong-password');
  await d.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(d.getByRole('alert').filter({ hasText: 'Incorrect email or password' })).toBeVisible();
  // Editing a field clears the banner.
  await d.getByLabel('Password', { exact: true }).fill('wrong-password2');
  await expect(d.getByText('Incorrect email or password')).toBeHidden();

  await d.getByRole('tab', { name: 'Sign Up' }).click();
  await d.getByLabel('Full Name').fill('Someone Else');
  await d.getByLabel('Email').fill(who.email);
  await d.getByLabel('Password', { exact: true }).fill('another-secret');
  await d.getByLabel('Confirm Password').fill('another-secret');
  await d.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    d.getByText('An account with this email already exists. Please sign in instead.'),
  ).toBeVisible();
});

test('Remember me off keeps the session for this browser session only; a corrupt user is removed', async ({
  page,
  baseURL,
}) => {
  const who = newIdentity('remember');
  await signUpByApi(baseURL as string, who);
  await page.goto('/');
  await openSignIn(page);
  const d = dialog(page);
  await d.getByLabel('Email').fill(who.email);
  await d.getByLabel('Password', { exact: true }).fill(who.password);
  await d.getByLabel('Remember me').uncheck();
  await d.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/app');
  const where = await page.evaluate(() => ({
    local: localStorage.getItem('lift3d-auth-token'),
    session: sessionStorage.getItem('lift3d-auth-token'),
  }));
  expect(where.local).toBeNull();
  expect(where.session).toContain('access_token');

  // A new tab of the same browser has no session: the cached user is dropped as stale.
  const other = await page.context().newPage();
  await other.goto('/profile');
  await expect(other.getByText('Not Authenticated')).toBeVisible();
  await expect(other.getByText('Please log in to view your profile.')).toBeVisible();
  await expect(other.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/');
  // The first tab keeps its own session: the new tab dropping the shared cache does not sign it out (it
  // writes the cache back), and the user it writes again never shows in the tab without a session.
  const storedEmail = () => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.email);
  await expect.poll(storedEmail).toBe(who.email);
  await page.evaluate(() => {
    const cached = JSON.parse(localStorage.getItem('user') ?? '{}');
    localStorage.setItem('user', JSON.stringify({ ...cached, name: 'An earlier name' }));
  });
  await page.reload();
  // Each load refreshes the cached user from the server: the real name is written over the earlier one.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.name))
    .toBe(who.name);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText(who.email)).toBeVisible();
  await page.keyboard.press('Escape');
  await other.waitForTimeout(500); // the storage event has reached the other tab
  await expect(other.getByText('Not Authenticated')).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Profile Dashboard' })).toHaveCount(0);
  await other.close();

  await page.evaluate(() => localStorage.setItem('user', '{not json'));
  await page.reload();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('edit the profile; the new e-mail applies only after both addresses confirm', async ({
  page,
  baseURL,
}) => {
  const who = newIdentity('profile');
  await signUpByApi(baseURL as string, who);
  await page.goto('/');
  await signInThroughDialog(page, who.email, who.password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile Dashboard' })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText(who.name);
  await expect(page.getByText('Credits Balance')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('0 days')).toBeVisible();

  const changed = newIdentity('renamed');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue(who.name);
  await page.getByLabel('Full Name').fill('Someone Temporary');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByTestId('profile-name')).toHaveText(who.name);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Full Name').fill(`  ${changed.name}  `);
  await page.getByLabel('Email Address').fill(changed.email);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(page.getByText(`we sent a link to ${who.email} and to ${changed.email}`)).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText(changed.name);
  // Not yet: the sign-in address stays until both mails are confirmed.
  await expect(page.getByTestId('profile-email')).toHaveText(who.email);

  const base = new URL(baseURL as string);
  const follow = async (address: string) => {
    const mail = await latestMailTo(address);
    expect(mail.subject).toBe('Confirm the e-mail change');
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text_body)?.[0];
    expect(link, mail.text_body).toBeTruthy();
    // The stack's site URL says localhost; the browser reached it as 127.0.0.1 (same server).
    const target = new URL(link as string);
    target.host = base.host;
    const redirect = new URL(target.searchParams.get('redirect_to') as string);
    redirect.host = base.host;
    target.searchParams.set('redirect_to', redirect.toString());
    await page.goto(target.toString());
    await page.waitForURL('**/profile**');
  };
  await follow(changed.email);
  await page.reload();
  await expect(page.getByTestId('profile-email')).toHaveText(who.email);
  await follow(who.email);
  await page.reload();
  await expect(page.getByTestId('profile-email')).toHaveText(changed.email);

  await page.getByRole('tab', { name: 'Activity' }).click();
  // The e-mail change is on record as what it was, not as "Profile updated".
  await expect(page.getByText('Name or e-mail changed', { exact: true })).toBeVisible();
  await expect(page.getByText('Account created', { exact: true })).toBeVisible();

  await signOutThroughMenu(page);
  await signInThroughDialog(page, changed.email, who.password);
});

test('change the password (checking the current one) and sign in with it', async ({ page, baseURL }) => {
  const who = newIdentity('password');
  await signUpByApi(baseURL as string, who);
  await page.goto('/');
  await signInThroughDialog(page, who.email, who.password);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText(/^Last changed /)).toBeVisible();
  await page.getByRole('button', { name: 'Change Password' }).click();
  const d = dialog(page);
  await expect(d.getByLabel('Current Password')).toBeVisible();

  await d.getByLabel('Current Password').fill(who.password);
  await d.getByLabel('New Password', { exact: true }).fill('new-secret-1');
  await d.getByLabel('Confirm New Password').fill('new-secret-2');
  await d.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('New passwords do not match.')).toBeVisible();

  await d.getByLabel('New Password', { exact: true }).fill('short');
  await d.getByLabel('Confirm New Password').fill('short');
  await d.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();

  // A password from breach lists is refused by Supabase Auth's policy, in words.
  await d.getByLabel('New Password', { exact: true }).fill('password1');
  await d.getByLabel('Confirm New Password').fill('password1');
  await d.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('This password is too common or has appeared in a data breach.')).toBeVisible();

  await d.getByLabel('Current Password').fill('not-my-password');
  await d.getByLabel('New Password', { exact: true }).fill('new-secret-1');
  await d.getByLabel('Confirm New Password').fill('new-secret-1');
  await d.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();

  await d.getByLabel('Current Password').fill(who.password);
  await d.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password Changed')).toBeVisible();
  await expect(page.getByText('Your password has been successfully updated.')).toBeVisible();
  await expect(d).toBeHidden();

  await signOutThroughMenu(page);
  await openSignIn(page);
  await dialog(page).getByLabel('Email').fill(who.email);
  await dialog(page).getByLabel('Password', { exact: true }).fill(who.password);
  await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog(page).getByText('Incorrect email or password')).toBeVisible();
  await page.keyboard.press('Escape');
  await signInThroughDialog(page, who.email, 'new-secret-1');
});

test('forgot password: the e-mailed link leads to a page that sets a new password', async ({
  page,
  baseURL,
}) => {
  const who = newIdentity('forgot');
  await signUpByApi(baseURL as string, who);
  await page.goto('/');
  await openSignIn(page);
  const d = dialog(page);
  await d.getByRole('button', { name: 'Forgot password?' }).click();
  await d.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(d.getByText('Email is required')).toBeVisible();
  await d.getByLabel('Email').fill(who.email);
  await d.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(d.getByText(`If an account exists for ${who.email}`)).toBeVisible();

  const mail = await latestMailTo(who.email);
  expect(mail.subject).toBe('Reset your password');
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text_body)?.[0];
  expect(link, mail.text_body).toBeTruthy();
  // The stack's site URL says localhost; the browser reached it as 127.0.0.1 (same server).
  const target = new URL(link as string);
  const base = new URL(baseURL as string);
  target.host = base.host;
  await page.keyboard.press('Escape');
  await page.goto(target.toString());
  await page.waitForURL('**/reset-password**');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('reset-secret-1');
  await page.getByLabel('Confirm New Password').fill('reset-secret-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('New passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('reset-secret-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await page.waitForURL('**/app');
  await expect(page.getByText('Password Changed')).toBeVisible();

  await signOutThroughMenu(page);
  await signInThroughDialog(page, who.email, 'reset-secret-1');
});

test('the profile refreshes the user by itself (every 10 s, on focus)', async ({ page, baseURL }) => {
  const who = newIdentity('refresh');
  const id = await signUpByApi(baseURL as string, who);
  await page.goto('/');
  await signInThroughDialog(page, who.email, who.password);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-credits')).toHaveText('0');
  await database()`select public.apply_credit_change(${id}, 1500, 'admin', null)`;
  await expect(page.getByTestId('profile-credits')).toHaveText('1,500', { timeout: 12_000 });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').credits);
  expect(stored).toBe(1500);
  await database()`select public.apply_credit_change(${id}, 500, 'admin', null)`;
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByTestId('profile-credits')).toHaveText('2,000', { timeout: 3_000 });
});
