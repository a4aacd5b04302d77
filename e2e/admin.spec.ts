// The admin area end to end: the gate refuses non-admins (and the server refuses their calls), an admin
// passes it, reads the dashboard, finds a user, grants credits, edits a name, toggles a pack, logs out.
import { randomUUID } from 'node:crypto';
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf } from './support/credits.ts';
import { database } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';

/** A folder to write the backend figures' and settings' screenshots to (ADMIN_SCREENSHOTS=dir). */
const SHOTS = process.env.ADMIN_SCREENSHOTS;

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).last();

async function makeAdmin(id: string) {
  await database()`update public.profiles set is_admin = true where id = ${id}`;
}

async function passGateSignedOut(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

test('a non-admin is refused by the gate and by the server', async ({ page, baseURL }) => {
  const member = newIdentity('member');
  await signUpByApi(baseURL!, member);

  // Signed out: e-mail and password; a wrong password, then the right one of a non-admin.
  await passGateSignedOut(page, member.email, 'wrong-password');
  await expect(page.getByText('Incorrect password', { exact: true })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByText('This account is not an administrator.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('adminAuthenticated'))).toBeNull();

  // Setting the flag by hand opens nothing: the gate also needs an admin account…
  await page.evaluate(() => sessionStorage.setItem('adminAuthenticated', 'true'));
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();

  // …and the API checks every call on its own.
  const status = await page.evaluate(async () => {
    const raw = localStorage.getItem('lift3d-auth-token') ?? sessionStorage.getItem('lift3d-auth-token');
    const token = raw ? (JSON.parse(raw) as { access_token: string }).access_token : '';
    const res = await fetch('/api/admin/users', { headers: { authorization: `Bearer ${token}` } });
    return res.status;
  });
  expect(status).toBe(403);
});

test('an admin manages users and packs, then logs out', async ({ page, baseURL }) => {
  const boss = newIdentity('boss');
  const bossId = await signUpByApi(baseURL!, boss);
  await makeAdmin(bossId);
  const tag = randomUUID().slice(0, 8);
  const target = { ...newIdentity('target'), name: `Target Person ${tag}` };
  const targetId = await signUpByApi(baseURL!, target);
  const packId = `e2e-${tag}`;
  await database()`insert into public.credit_packs (id, name, credits, price_cents, active, external_product_id, sort)
                   values (${packId}, ${`E2E Pack ${tag}`}, 1234, 999, false, ${`ext-${tag}`}, 999)`;

  try {
    // The gate, signed in already: the account's password again (Enter submits).
    await page.goto('/');
    await signInThroughDialog(page, boss.email, boss.password);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await expect(page.getByText(boss.email)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('not-it');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.getByText('Incorrect password', { exact: true })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(boss.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');

    // Dashboard.
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Total users')).toBeVisible();
    await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(page.getByText('Recent activity')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('adminAuthenticated'))).toBe('true');

    // Users: search, quick grant, edit.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByText(/^Manage \d+ user\(s\) in the database$/)).toBeVisible();
    await page.getByPlaceholder('Search users...').fill(`person ${tag.toUpperCase()}`);
    const row = page.getByRole('row', { name: new RegExp(target.email) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2); // header + the one match
    await expect(row.getByText('0 credits')).toBeVisible();
    await expect(row.getByText('User', { exact: true })).toBeVisible();

    const before = await balanceOf(targetId);
    await row.getByRole('button', { name: `Actions for ${target.email}` }).click();
    await page.getByRole('menuitem', { name: 'Add 100 Credits' }).click();
    await expect(toast(page, 'Credits Added')).toBeVisible();
    await expect(page.getByText("100 credits have been added to the user's account.")).toBeVisible();
    await expect(row.getByText('100 credits')).toBeVisible();
    expect(await balanceOf(targetId)).toBe(before + 100);

    await row.getByRole('button', { name: `Actions for ${target.email}` }).click();
    await page.getByRole('menuitem', { name: 'Edit User' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Credits')).toHaveValue('100');
    await edit.getByLabel('Name').fill(`Renamed Person ${tag}`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'User Updated')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(`Renamed Person ${tag}`) })).toBeVisible();
    const [saved] = await database()<{ name: string; credits: number; is_admin: boolean }[]>`
      select name, credits, is_admin from public.profiles where id = ${targetId}`;
    expect(saved).toEqual({ name: `Renamed Person ${tag}`, credits: 100, is_admin: false });

    await page.getByPlaceholder('Search users...').fill(`nobody-${tag}`);
    await expect(page.getByText('No users found matching your search.')).toBeVisible();

    // Delete, after a confirmation.
    await page.getByPlaceholder('Search users...').fill(tag);
    // The search applies after a debounce and re-renders the rows: a menu opened before that closes.
    await expect(page.getByRole('row')).toHaveCount(2); // header + the one match
    const renamed = page.getByRole('row', { name: new RegExp(target.email) });
    await renamed.getByRole('button', { name: `Actions for ${target.email}` }).click();
    await page.getByRole('menuitem', { name: 'Delete User' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete User' });
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expect(toast(page, 'User Deleted')).toBeVisible();
    await expect(page.getByText('No users found matching your search.')).toBeVisible();
    const gone = await database()`select 1 from public.profiles where id = ${targetId}`;
    expect(gone.length).toBe(0);

    // Credit packs: the status badge toggles, in the database.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Credit Packs' }).click();
    const packRow = page.getByRole('row', { name: new RegExp(`E2E Pack ${tag}`) });
    await expect(packRow.getByText('1,234')).toBeVisible();
    await expect(packRow.getByText('€9.99')).toBeVisible();
    await packRow.getByRole('button', { name: /Status of/ }).click();
    await expect(toast(page, 'Status Updated')).toBeVisible();
    await expect(packRow.getByText('active', { exact: true })).toBeVisible();
    const [on] = await database()<
      { active: boolean }[]
    >`select active from public.credit_packs where id = ${packId}`;
    expect(on.active).toBe(true);
    await packRow.getByRole('button', { name: /Status of/ }).click();
    await expect(packRow.getByText('inactive', { exact: true })).toBeVisible();
    const [off] = await database()<
      { active: boolean }[]
    >`select active from public.credit_packs where id = ${packId}`;
    expect(off.active).toBe(false);

    // Transactions: the grant is in the ledger, booked by this admin (the account itself is gone).
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('tab', { name: 'Credit ledger' }).click();
    const grantRow = page.getByRole('row', { name: new RegExp(`by ${boss.email}`) });
    await expect(grantRow).toContainText('+100');
    await expect(grantRow).toContainText('deleted account');

    // Logout clears the flag and goes home; the gate asks again.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => sessionStorage.getItem('adminAuthenticated'))).toBeNull();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  } finally {
    await database()`update public.credit_packs set active = false, archived_at = now() where id = ${packId}`;
  }
});

test('the dashboard and the user list show their error, retry and empty states', async ({
  page,
  baseURL,
}) => {
  const boss = newIdentity('boss');
  await makeAdmin(await signUpByApi(baseURL!, boss));
  // A refused request is not retried, so the error shows at once.
  await page.route('**/api/admin/analytics/all', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: '{"error":"Administrator access is required."}',
    }),
  );
  await passGateSignedOut(page, boss.email, boss.password);
  await expect(page.getByText('Failed to load dashboard data. Please try again.')).toBeVisible();
  await expect(toast(page, 'Failed to load analytics from database.')).toBeVisible();
  await page.unroute('**/api/admin/analytics/all');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Total users')).toBeVisible();

  await page.route('**/api/admin/analytics/today', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"analytics":null}' }),
  );
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page.getByText('No data available')).toBeVisible();

  await page.route('**/api/admin/users?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"database is down"}' }),
  );
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByText('Failed to load users. Please try again.')).toBeVisible();
  await expect(page.getByText('database is down')).toBeVisible();
  await expect(toast(page, 'Failed to load users from database.')).toBeVisible();
  await page.unroute('**/api/admin/users?*');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(boss.email).last()).toBeVisible();
});

test('the dashboard shows conversions, failures, median time and cost per backend for the period', async ({
  page,
  baseURL,
}) => {
  // Two admin pages on a machine shared with conversions.
  test.setTimeout(180_000);
  const boss = newIdentity('boss');
  const bossId = await signUpByApi(baseURL!, boss);
  await makeAdmin(bossId);
  // Yesterday's conversions through Tripo and fal (no other journey makes hosted conversions, nor any
  // dated yesterday): what the worker records when a hosted run ends.
  const sql = database();
  const rows = [
    { backend: 'tripo', status: 'completed', seconds: 40, providerMs: 30_000, cost: 0.4, fellBack: false },
    { backend: 'tripo', status: 'completed', seconds: 50, providerMs: 40_000, cost: 0.4, fellBack: false },
    { backend: 'tripo', status: 'failed', seconds: null, providerMs: null, cost: null, fellBack: false },
    { backend: 'fal', status: 'completed', seconds: 200, providerMs: null, cost: null, fellBack: true },
  ];
  const ids: string[] = [];
  try {
    for (const r of rows) {
      const [g] = await sql`
        insert into public.generations (user_id, kind, format, topology, cost, input_key, status, stage, progress,
                                        backend, provider_ms, provider_cost, fell_back,
                                        created_at, started_at, completed_at)
        values (${bossId}, 'model', 'glb', 'low', 0, ${`uploads/${randomUUID()}.png`}, ${r.status},
                ${r.status === 'completed' ? 'done' : 'failed'}, ${r.status === 'completed' ? 1 : 0},
                ${r.backend}, ${r.providerMs}, ${r.cost}, ${r.fellBack},
                date_trunc('day', now()) - interval '12 hours', date_trunc('day', now()) - interval '12 hours',
                date_trunc('day', now()) - interval '12 hours' + make_interval(secs => ${r.seconds ?? 1}))
        returning id`;
      ids.push(g.id);
    }
    await passGateSignedOut(page, boss.email, boss.password);
    await expect(page.getByRole('heading', { name: 'Conversions by backend' })).toBeVisible();
    await page.getByRole('button', { name: 'Yesterday', exact: true }).click();

    const tripo = page.getByRole('region', { name: 'Tripo' });
    await expect(tripo.getByRole('definition')).toHaveText([
      '3',
      '2 completed',
      '1',
      '45.0 s',
      'provider 35.0 s',
      '0.80',
    ]);
    const fal = page.getByRole('region', { name: 'fal' });
    await expect(fal.getByRole('definition')).toHaveText([
      '1',
      '1 completed',
      '0',
      '1 fell back to built-in',
      '3 min 20 s',
      '0.00',
    ]);
    await expect(page.getByRole('region', { name: 'Meshy' })).toHaveCount(0);
    if (SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('heading', { name: 'Conversions by backend' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/admin-dashboard-backends-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    // Only yesterday's: today has no Tripo conversion.
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Tripo' })).toHaveCount(0);

    // Admin → Settings keeps the backend settings together, in the order they are decided.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    const backendSettings = page.getByRole('region', { name: 'Generation backend' });
    await expect(backendSettings.locator('label')).toHaveText([
      'Backend for the Studio (/app)',
      'Backend for free conversions (/app66)',
      'When a hosted service fails',
      'Service face target, low poly',
      'Service face target, high poly',
    ]);
    if (SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await backendSettings.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/admin-settings-${width}.png`, fullPage: true });
      }
    }
  } finally {
    if (ids.length) await sql`delete from public.generations where id in ${sql(ids)}`;
  }
});
