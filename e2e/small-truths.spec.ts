// Small things a new user notices: every route has its own title and exactly one <main>, /app99 promises
// only the formats it offers, and the review avatars need no emoji font.
import { expect, test } from '@playwright/test';

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
  await page.goto('/app99');
  await expect(page.getByText(/^One image in, a textured 3D model out:/)).toHaveText(
    'One image in, a textured 3D model out: GLB, glTF, OBJ and FBX for 50 credits.',
  );
  await page.goto('/app');
  await expect(page.getByText(/^One image in, a textured 3D model out:/)).toHaveText(
    'One image in, a textured 3D model out: GLB, glTF, OBJ, FBX and print-ready STL for 50 credits.',
  );
});

test('review avatars are initials, not emoji', async ({ page }) => {
  await page.goto('/');
  const avatars = page.getByTestId('review-avatar');
  await expect(avatars).toHaveText(['MC', 'DO', 'SR']);
});
