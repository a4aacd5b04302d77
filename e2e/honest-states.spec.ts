// Screens that say only what is true (issue 28): a cancel is its own state in the studio, My models and
// the admin; /checkout/success says what the server knows of the order; /pay shows the server's pack, not
// its URL's; a tall dialog scrolls from its title.
// HONEST_SCREENSHOTS=dir writes the changed screens at 390 and 1280 px wide.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf, grantCredits } from './support/credits.ts';
import { database } from './support/db.ts';
import { e2eDataDir } from './support/paths.ts';
import { expect, type Page, test } from './support/test.ts';

const SHOTS = process.env.HONEST_SCREENSHOTS;

async function shoot(page: Page, name: string, fullPage = true) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300); // layout settles after the resize (screenshots only, not a sync point)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
  }
  if (size) await page.setViewportSize(size);
}

async function demoOnly(baseURL: string) {
  const config = (await (await fetch(`${baseURL}/config.json`)).json()) as { payments: string };
  test.skip(config.payments !== 'demo', 'the stack under test is in PayPal mode');
}

async function signedIn(page: Page, baseURL: string, label: string, credits = 0, path = '/') {
  const who = newIdentity(label);
  const id = await signUpByApi(baseURL, who);
  if (credits) await grantCredits(id, credits);
  await page.goto(path);
  await signInThroughDialog(page, who.email, who.password);
  return { ...who, id };
}

async function signInAsAdmin(page: Page, baseURL: string) {
  const boss = newIdentity('honest-admin');
  const bossId = await signUpByApi(baseURL, boss);
  await database()`update public.profiles set is_admin = true where id = ${bossId}`;
  await page.goto('/admin');
  await page.getByLabel('Email').fill(boss.email);
  await page.getByLabel('Password', { exact: true }).fill(boss.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
}

test('a cancelled conversion reads as cancelled in the studio, My models and the admin, never as a failure', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const user = await signedIn(page, baseURL!, 'honest-cancel', 50, '/app');
  await page.goto('/app');
  await expect(page.getByTestId('studio-credits')).toHaveText('50');
  await page.getByRole('button', { name: /^Demo-8:/ }).click();
  // A 3D Preview: long enough to be cancelled while it runs.
  await page.getByTestId('preview-button').click();
  await page.getByTestId('cancel-generation').click();
  await expect(page.getByTestId('studio-credits')).toHaveText('50', { timeout: 30_000 });

  await expect(page.getByTestId('model-panel-outcome')).toHaveText('Conversion cancelled');
  await expect(page.getByText('The conversion did not finish')).toHaveCount(0);
  await expect(page.getByTestId('preview-status-label')).toHaveText('Cancelled');
  const panel = page.getByTestId('model-panel');
  await expect(panel.getByText('Cancelled. Your credits have been refunded.', { exact: true })).toBeVisible();
  await expect(panel.getByText('Error', { exact: true })).toHaveCount(0);
  await shoot(page, 'studio-cancelled');

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My models' }).click();
  const row = page.getByTestId('my-model');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Cancelled');
  // One sentence, once, and no price: nothing was spent.
  await expect(row.getByTestId('my-model-cancelled')).toHaveText(
    'Cancelled. Your credits have been refunded.',
  );
  await expect(row).not.toContainText('Credits were refunded');
  await expect(row).not.toContainText('50 credits');
  await expect(row.getByText('Error', { exact: true })).toHaveCount(0);
  await shoot(page, 'my-models-cancelled');

  const admin = await browser.newPage();
  try {
    await signInAsAdmin(admin, baseURL!);
    await admin.goto(`/admin/generations?q=${encodeURIComponent(user.email)}`);
    const rows = admin.getByTestId('admin-generation-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Cancelled');
    await expect(rows.first()).not.toContainText('Failed');
    await admin.getByRole('button', { name: 'Failed', exact: true }).click();
    await expect(admin.getByText('No conversions match.')).toBeVisible();
    await admin.getByRole('button', { name: 'Cancelled', exact: true }).click();
    await expect(rows).toHaveCount(1);
    await shoot(admin, 'admin-generations-cancelled');
    await rows.first().getByRole('link').click();
    await expect(admin.getByTestId('admin-generation-status')).toHaveText('Cancelled');
    await expect(admin.getByRole('heading', { name: 'Cancelled', exact: true })).toBeVisible();
    await expect(admin.getByRole('heading', { name: 'Error', exact: true })).toHaveCount(0);
    await expect(admin.getByText('No files: the conversion was cancelled.')).toBeVisible();
    await shoot(admin, 'admin-generation-cancelled');
  } finally {
    await admin.close();
  }
  const [{ cancelled, failed }] = await database()<{ cancelled: number; failed: number }[]>`
    select count(*) filter (where cancelled_at is not null)::int as cancelled,
           count(*) filter (where status = 'failed' and cancelled_at is null)::int as failed
      from public.generations where user_id = ${user.id}`;
  expect({ cancelled, failed }).toEqual({ cancelled: 1, failed: 0 });
});

test('/checkout/success for an order this account does not have says so: no check, no toast', async ({
  page,
  baseURL,
}) => {
  await demoOnly(baseURL!);
  await signedIn(page, baseURL!, 'honest-order', 70);
  await page.goto(`/checkout/success?order=${randomUUID()}&provider=demo`);
  await expect(page.getByTestId('order-title')).toHaveText('Order not found', { timeout: 20_000 });
  await expect(page.getByTestId('order-outcome')).toHaveText(
    'No order with this number belongs to your account, so no credits were added for it.',
  );
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expect(page.getByText('Thank you for your purchase!')).toHaveCount(0);
  await shoot(page, 'checkout-success-not-found');

  // Signed out, the same link claims nothing either.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/checkout/success?order=${randomUUID()}&provider=demo`);
  await expect(page.getByTestId('order-title')).toHaveText('Sign in to see your order', { timeout: 20_000 });
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
});

test("/pay shows the server's pack and price whatever its URL says, and credits exactly that pack", async ({
  page,
  baseURL,
}) => {
  await demoOnly(baseURL!);
  const user = await signedIn(page, baseURL!, 'honest-pay');
  await page.goto('/checkout?pack=starter');
  await page.getByTestId('payment-summary').getByRole('button', { name: 'Pay with Card' }).click();
  await page.waitForURL(/\/pay\?/);
  const order = new URL(page.url()).searchParams.get('order');
  expect(order).toBeTruthy();

  // An edited link: the page still shows the real order.
  await page.goto(`/pay?amount=100&currency=eur&description=Mega&credits=99999&order=${order}`);
  await expect(page.getByTestId('pay-description')).toHaveText('Starter pack');
  await expect(page.getByTestId('pay-credits')).toHaveText('5,600 credits');
  await expect(page.getByTestId('pay-amount')).toHaveText('€13.00');
  await expect(page.getByText('99,999')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay €13.00' })).toBeVisible();
  await shoot(page, 'pay-server-order');
  await page.getByLabel('Cardholder Name').fill('Ada Buyer');
  await page.getByLabel('Card Number').pressSequentially('4242424242424242');
  await page.getByLabel('Expiry (MM/YY)').pressSequentially('1299');
  await page.getByLabel('CVC').pressSequentially('123');
  await page.getByRole('button', { name: 'Pay €13.00' }).click();
  await page.waitForURL('**/checkout/success**');
  await expect(page.getByTestId('new-balance')).toHaveText('5,600 credits', { timeout: 20_000 });
  expect(await balanceOf(user.id)).toBe(5600);

  // Paid: the same link can no longer be paid again.
  await page.goto(`/pay?amount=100&credits=99999&order=${order}`);
  await expect(page.getByTestId('pay-order-note')).toHaveText(
    'This order is already paid: its credits are in your account.',
  );
  await expect(page.getByRole('button', { name: 'Pay €13.00' })).toBeDisabled();

  // An order that is not this account's: nothing to pay.
  await page.goto(`/pay?amount=100&credits=99999&order=${randomUUID()}`);
  await expect(page.getByTestId('pay-description')).toHaveText('Order not found');
  await expect(page.getByTestId('pay-amount')).toHaveText('—');
  await expect(page.getByRole('button', { name: /^Pay/ })).toBeDisabled();
});

test('"Choose from your uploads" with 21 photos at 1366×800: the title and the close button can be reached', async ({
  page,
  baseURL,
}) => {
  const user = await signedIn(page, baseURL!, 'honest-uploads', 50, '/app');
  // 21 earlier conversions with a photo each (rows as the api writes them; the picker lists their photos).
  const sql = database();
  for (let i = 0; i < 21; i++) {
    const key = `inputs/${randomUUID()}.png`;
    const stored = join(e2eDataDir(), 'storage', key);
    mkdirSync(dirname(stored), { recursive: true });
    copyFileSync(`public/samples/demo-${(i % 10) + 1}.png`, stored);
    await sql`
      insert into public.generations (user_id, kind, status, stage, format, topology, cost, input_key, input_type,
                                      input_name, error, completed_at, created_at)
      values (${user.id}, 'model', 'failed', 'failed', 'glb', 'low', 0, ${key},
              'image/png', ${`photo-${i}.png`}, 'decode: not an image', now(), now() - ${`${i} minutes`}::interval)`;
  }
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/app');
  await page
    .getByRole('button', { name: /from your uploads/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('upload-picker').locator('li')).toHaveCount(21);
  const title = dialog.getByRole('heading').first();
  await expect(title).toBeInViewport();
  const box = await title.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  await shoot(page, 'uploads-picker', false);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('Security and Activity show what happened: a name change is not a password change; purchases, grants and conversions are listed', async ({
  page,
  baseURL,
}) => {
  const who = newIdentity('honest-activity');
  const id = await signUpByApi(baseURL!, who);
  const sql = database();
  // An account made (with its password) on 2 January 2025.
  await sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`; // triggers off: these are the old records
    await tx`update public.profiles set created_at = '2025-01-02T10:00:00Z', updated_at = '2025-01-02T10:00:00Z',
               password_changed_at = '2025-01-02T10:00:00Z' where id = ${id}`;
  });
  await grantCredits(id, 100);
  await sql`
    insert into public.generations (user_id, kind, status, stage, progress, format, topology, cost, input_key,
                                    input_type, input_name, completed_at)
    values (${id}, 'model', 'completed', 'done', 1, 'glb', 'low', 50, ${`inputs/${randomUUID()}.png`},
            'image/png', 'chair.png', now())`;
  await page.goto('/');
  await signInThroughDialog(page, who.email, who.password);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Full Name').fill('Ada Renamed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByTestId('password-changed')).toHaveText(/^Last changed January 2, 2025 at /);
  await shoot(page, 'profile-security');

  await page.getByRole('tab', { name: 'Activity' }).click();
  const entries = page.getByTestId('activity-entry');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText('Name or e-mail changed');
  await expect(page.getByTestId('activity')).toContainText('3D Model conversion (50 credits, completed)');
  await expect(page.getByTestId('activity')).toContainText('100 credits added by an administrator');
  await expect(entries.nth(3)).toContainText('Account created');
  await expect(entries.nth(3)).toContainText('January 2, 2025');
  await expect(page.getByText('Profile updated')).toHaveCount(0);
  await expect(page.getByText('Password changed')).toHaveCount(0);
  await shoot(page, 'profile-activity');
});

test('Admin → Settings says which hosted backends the running workers have a key for, and warns on one without', async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page, baseURL!);
  // The stack's worker runs without provider keys and says so beside its heartbeat.
  await expect
    .poll(async () => {
      const [row] = await database()<{ n: number }[]>`
        select count(*)::int as n from public.worker_heartbeats where seen_at > now() - interval '60 seconds'`;
      return row.n;
    })
    .toBeGreaterThan(0);
  await page.goto('/admin/settings');
  const select = page.getByLabel('Backend for the Studio (/app)');
  await expect(select.locator('option', { hasText: 'meshy (no key)' })).toHaveCount(1);
  await expect(select.locator('option', { hasText: 'builtin' })).toHaveText('builtin');
  await select.selectOption('meshy');
  const card = page.locator('form', { has: select }).locator('..');
  await expect(card.getByTestId('backend-key-status')).toHaveText(
    'No running worker has a key for meshy: its conversions would fall back to the built-in engine, or fail and be refunded.',
  );
  await shoot(page, 'admin-settings-backend');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved, but not usable yet', { exact: true })).toBeVisible();
  await expect(page.getByText(/is now meshy\.$/)).toHaveCount(0);
  // Back to the built-in engine for the other tests.
  await select.selectOption('default');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Setting Updated', { exact: true })).toBeVisible();
});
