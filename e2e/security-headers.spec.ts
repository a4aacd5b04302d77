// The Content-Security-Policy allows exactly what the app loads: the landing page, the studio (with its
// 3D viewer), checkout and the admin area run without a single policy violation or console error.

import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { grantCredits } from './support/credits.ts';
import { database } from './support/db.ts';
import { rememberInStudio, seedFinished } from './support/finished.ts';
import { watchPageProblems } from './support/page-problems.ts';
import { usePayPalSdkStandIn } from './support/paypal-sdk.ts';
import { expect, test } from './support/test.ts';

test('every page answer carries the policy, and API answers their own', async ({ request }) => {
  for (const path of ['/', '/app', '/checkout', '/admin']) {
    const res = await request.get(path);
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(res.headers()['permissions-policy'], path).toContain('camera=(self)');
  }
  const api = await request.get('/api/health');
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
});

test('landing, studio, checkout and admin run with no CSP violation', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const problems = await watchPageProblems(page);
  await usePayPalSdkStandIn(page);
  const who = newIdentity('csp');
  const id = await signUpByApi(baseURL!, who);
  await database()`update public.profiles set is_admin = true where id = ${id}`;
  await grantCredits(id, 100);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(500);

  await signInThroughDialog(page, who.email, who.password);
  // A finished model (a real conversion's files, seeded) in the studio, so the viewer loads the model and its
  // textures (blob: URLs) under the policy.
  await rememberInStudio(page, id, { model: await seedFinished(id) });
  await page.goto('/app');
  await expect(page.getByTestId('model-status-label')).toHaveText('Completed');
  await expect(page.getByTestId('model-canvas').locator('canvas')).toBeVisible({ timeout: 30_000 });

  await page.goto('/checkout?pack=starter');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.goto('/admin');
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(problems).toEqual([]);
});
