// Small things a new user notices: every route has its own title and exactly one <main>, /app99 promises
// only the formats it offers, the review avatars need no emoji font, Security's "Last changed" follows a
// password change, and the header follows an admin's rename. (Download names: studio.spec.ts.)

import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { database } from './support/db.ts';
import { expect, test } from './support/test.ts';

const ROUTES = [
  '/',
  '/about',
  '/careers',
  '/contact',
  '/terms',
  '/privacy',
  '/acceptable-use',
  '/cookies',
  '/app',
  '/app66',
  '/app88',
  '/app99',
  '/checkout',
  '/checkout/success',
  '/checkout/cancel',
  '/pay',
  '/profile',
  '/reset-password',
  '/admin',
];

test('each route has its own title and one main landmark', async ({ page }) => {
  // Nineteen page loads: generous on a shared machine.
  test.setTimeout(240_000);
  const titles = new Map<string, string>();
  for (const path of ROUTES) {
    await page.goto(path);
    await expect(page.locator('#main')).toBeVisible();
    await expect(page).toHaveTitle(/Lift3D/);
    expect(await page.locator('main').count(), path).toBe(1);
    titles.set(path, await page.title());
  }
  const seen = new Map<string, string>();
  for (const [path, title] of titles) {
    expect(seen.get(title), `${path} and ${seen.get(title)} share the title "${title}"`).toBeUndefined();
    seen.set(title, path);
  }
});

test('/app99 promises only the formats it offers; /app all five', async ({ page }) => {
  const [{ cost }] = await database()<{ cost: number }[]>`
    select (value #>> '{}')::int as cost from public.settings where key = 'generation.cost_credits'`;
  await page.goto('/app99');
  await expect(page.getByText(/^One image in, a textured 3D model out:/)).toHaveText(
    `One image in, a textured 3D model out: GLB, glTF, OBJ and FBX for ${cost} credits.`,
  );
  await page.goto('/app');
  await expect(page.getByText(/^One image in, a textured 3D model out:/)).toHaveText(
    `One image in, a textured 3D model out: GLB, glTF, OBJ, FBX and print-ready STL for ${cost} credits.`,
  );
});

test('review avatars are initials, not emoji', async ({ page }) => {
  await page.goto('/');
  const avatars = page.getByTestId('review-avatar');
  await expect(avatars).toHaveText(['MC', 'DO', 'SR']);
});

test('Security → "Last changed" moves when the password changes', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const who = newIdentity('lastchanged');
  const id = await signUpByApi(baseURL!, who);
  // An account whose password was last changed long ago (as recorded on its profile).
  const sql = database();
  await sql.begin(async (tx) => {
    // Triggers off for this transaction only (no table lock, unlike disabling the trigger).
    await tx`set local session_replication_role = replica`;
    await tx`update public.profiles set password_changed_at = '2025-03-04T12:00:00Z' where id = ${id}`;
  });
  await page.goto('/');
  await signInThroughDialog(page, who.email, who.password);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  const lastChanged = page.getByText(/^Last changed /);
  await expect(lastChanged).toHaveText(/^Last changed March 4, 2025 at /);

  await page.getByRole('button', { name: 'Change Password' }).click();
  const d = page.getByRole('dialog');
  await d.getByLabel('Current Password').fill(who.password);
  await d.getByLabel('New Password', { exact: true }).fill(`${who.password}-2`);
  await d.getByLabel('Confirm New Password').fill(`${who.password}-2`);
  await d.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password Changed', { exact: true })).toBeVisible();
  const today = await page.evaluate(() =>
    new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
  );
  await expect(lastChanged).toHaveText(new RegExp(`^Last changed ${today} at `));
  // And it stays so after a reload (it is the server's date, not the page's).
  await page.reload();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(lastChanged).toHaveText(new RegExp(`^Last changed ${today} at `));
});

test('the header shows the new name after an admin renames the user, on the next page load', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const who = newIdentity('renamed');
  const id = await signUpByApi(baseURL!, who);
  await page.goto('/');
  await signInThroughDialog(page, who.email, who.password);
  const menu = page.getByRole('button', { name: 'Account menu' });
  const initials = (name: string) =>
    name
      .split(/\s+/)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('');
  await expect(menu).toHaveText(initials(who.name));
  await menu.click();
  await expect(page.getByRole('menu').getByText(who.name, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // An administrator renames the account in the admin area, in another browser.
  const boss = newIdentity('boss');
  const bossId = await signUpByApi(baseURL!, boss);
  await database()`update public.profiles set is_admin = true where id = ${bossId}`;
  const admin = await browser.newContext();
  try {
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin');
    await adminPage.getByLabel('Email').fill(boss.email);
    await adminPage.getByLabel('Password', { exact: true }).fill(boss.password);
    await adminPage.getByLabel('Password', { exact: true }).press('Enter');
    await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await adminPage.getByPlaceholder('Search users...').fill(who.email);
    // The search applies after a debounce and re-renders the rows: a menu opened before that closes.
    await expect(adminPage.getByRole('row')).toHaveCount(2); // header + the one match
    const row = adminPage.getByRole('row', { name: new RegExp(who.email) });
    await row.getByRole('button', { name: `Actions for ${who.email}` }).click();
    await adminPage.getByRole('menuitem', { name: 'Edit User' }).click();
    const edit = adminPage.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Name').fill('Zoe Quill');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
  } finally {
    await admin.close();
  }
  expect((await database()`select name from public.profiles where id = ${id}`)[0].name).toBe('Zoe Quill');

  // The user's next page load shows the new name, not the copy cached at sign-in.
  await page.goto('/checkout');
  await expect(menu).toHaveText('ZQ');
  await menu.click();
  await expect(page.getByRole('menu').getByText('Zoe Quill', { exact: true })).toBeVisible();
});
