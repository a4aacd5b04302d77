// Profile → Developers: an API key is created (secret shown once, copied), works on /api/v1, is listed with
// its last use, and stops working when revoked; /docs/api renders the OpenAPI document with its examples.

import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

const SHOTS = process.env.DEVELOPERS_SCREENSHOTS;
// Sign-in, the profile and two api round trips: minutes, not seconds, on a machine shared by many.
test.describe.configure({ timeout: 180_000 });

test('Developers tab: create a key (shown once), use it, see its last use, revoke it', async ({
  page,
  context,
  baseURL,
}) => {
  const who = newIdentity('dev');
  await signUpByApi(baseURL!, who);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/app');
  await signInThroughDialog(page, who.email, who.password);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Developers' }).click();
  const section = page.getByTestId('api-keys');
  await expect(section.getByText('No API keys yet.')).toBeVisible();
  await expect(section.getByText('0 of 10 keys in use.')).toBeVisible();

  await section.getByLabel('Key name').fill('Asset pipeline');
  await section.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown.getByText('Copy your new key now. You will not be able to see it again.')).toBeVisible();
  const secret = await shown.getByLabel('New API key').inputValue();
  expect(secret).toMatch(/^l3d_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const list = section.getByRole('list', { name: 'API keys' });
  await expect(list.getByText('Asset pipeline')).toBeVisible();
  await expect(list.getByText(`${secret.slice(0, 12)}_…`)).toBeVisible();
  await expect(list.getByText(/Never used/)).toBeVisible();
  await expect(section.getByText('1 of 10 keys in use.')).toBeVisible();
  // Five tabs and a long key still fit a phone: nothing widens the page.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/developers-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/developers-1280.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  const balance = await page.request.get('/api/v1/balance', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(balance.status()).toBe(200);
  expect(await balance.json()).toEqual({ credits: 0 });
  await page.reload();
  await page.getByRole('tab', { name: 'Developers' }).click();
  await expect(list.getByText(/Last used /)).toBeVisible();

  await list.getByRole('button', { name: 'Revoke' }).click();
  await list.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('Requests with it are refused from now on.')).toBeVisible();
  await expect(section.getByText('No API keys yet.')).toBeVisible();
  const refused = await page.request.get('/api/v1/balance', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe('invalid_api_key');
});

test('/docs/api renders every operation from the OpenAPI document with curl, JavaScript and Python', async ({
  page,
}) => {
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { name: 'Lift3D API', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('API reference · Lift3D');
  await expect(
    page.getByText(
      'Every model stands upright: +Y is up (Z up in STL and 3MF), the side the photo shows faces +Z, its lowest point rests on the floor (y = 0) and it is centred over the origin.',
    ),
  ).toBeVisible();
  for (const id of [
    'createGeneration',
    'listGenerations',
    'getGeneration',
    'deleteGeneration',
    'getBalance',
  ]) {
    await expect(page.getByTestId(`operation-${id}`)).toBeVisible();
  }
  const create = page.getByTestId('operation-createGeneration');
  await expect(create.getByText('/api/v1/generations', { exact: true })).toBeVisible();
  await expect(create.getByText('Convert an image into a 3D model')).toBeVisible();
  const upload = page.getByTestId('example-createUpload');
  await expect(upload.locator('code')).toContainText(`-F image=@'chair.jpg' -F format=glb -F topology=low`);
  await upload.getByRole('tab', { name: 'JavaScript' }).click();
  await expect(upload.locator('code')).toContainText("body.set('format', 'glb');");
  await upload.getByRole('tab', { name: 'Python' }).click();
  await expect(upload.locator('code')).toContainText('files={"image": image}');
  await expect(page.getByRole('list', { name: 'Error codes' }).getByText('rate_limited')).toBeVisible();
  const webhooks = page.getByTestId('webhooks');
  await expect(webhooks.getByText(/Lift3D-Signature/).first()).toBeVisible();
  await expect(webhooks.getByText('"generation.completed" | "generation.failed"')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/docs-api-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/docs-api-1280.png`, fullPage: true });
  }
});
