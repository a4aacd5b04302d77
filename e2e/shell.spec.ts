import { expect, type Page, test } from './support/test.ts';

// The SPA shell: header, footer, not-found page, routing, scroll behaviour and the visit record.

// Every route of SPEC §2; each page is built by its own feature, so this only checks that it renders.
const ROUTES = [
  '/app',
  '/app66',
  '/app88',
  '/app99',
  '/profile',
  '/checkout?pack=starter',
  '/checkout/success',
  '/checkout/cancel',
  '/pay',
  '/admin',
  '/admin/users',
  '/admin/generations',
  '/admin/credit-packs',
  '/admin/transactions',
  '/admin/settings',
  '/terms',
  '/privacy',
  '/acceptable-use',
  '/cookies',
  '/about',
  '/careers',
  '/contact',
];

const header = (page: Page) => page.locator('header').first();

test('the landing page shows the header and the footer', async ({ page }) => {
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Lift3D home' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Features', 'Pricing', 'Reviews', 'FAQ', 'Contact', 'App']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Start Converting' })).toHaveAttribute('href', '/app');

  const footer = page.locator('footer');
  await expect(footer).toContainText('© 2024');
  for (const href of [
    '/about',
    '/careers',
    '/contact',
    '/terms',
    '/privacy',
    '/acceptable-use',
    '/cookies',
  ]) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await expect(footer.getByRole('link', { name: 'Lift3D home' })).toHaveAttribute('href', '/');
});

test.describe('a visitor whose system keeps transparency', () => {
  test.use({ reducedTransparency: false });

  test('the header gains a blurred background after scrolling more than 10 px', async ({ page }) => {
    await page.goto('/');
    const h = header(page);
    await expect(h).toHaveAttribute('data-scrolled', 'false');
    expect(await h.evaluate((el) => getComputedStyle(el).backdropFilter)).toBe('none');

    await page.evaluate(() => window.scrollTo(0, 8));
    await page.waitForTimeout(150);
    await expect(h).toHaveAttribute('data-scrolled', 'false');

    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(h).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(() => h.evaluate((el) => getComputedStyle(el).backdropFilter)).toContain('blur');
    expect(await h.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(h).toHaveAttribute('data-scrolled', 'false');
  });
});

test('a visitor who asked for less transparency gets a solid header, not frosted glass', async ({ page }) => {
  await page.goto('/');
  const h = header(page);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(h).toHaveAttribute('data-scrolled', 'true');
  // Opaque once the colour has changed: no alpha in the computed colour (the frosted header's is `/ 0.75`).
  await expect
    .poll(() => h.evaluate((el) => getComputedStyle(el).backgroundColor))
    .toMatch(/^(rgb|lab|oklab|lch|oklch)\([^/]*\)$/);
  expect(await h.evaluate((el) => getComputedStyle(el).backdropFilter)).toBe('none');
  expect(await h.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
});

test('a missing route shows the not-found page and logs the path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/nope/deeper');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect.poll(() => errors.some((e) => e.includes('/nope/deeper'))).toBe(true);

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#hero')).toBeVisible();
});

test('every route of the app renders', async ({ page }) => {
  const failures: string[] = [];
  page.on('pageerror', (e) => failures.push(e.message));
  for (const path of ROUTES) {
    await page.goto(path);
    await expect(page.locator('header').first(), path).toBeVisible();
    await expect(page.getByRole('heading').first(), path).toBeVisible();
    await expect(page.getByText('Oops! Page not found'), path).toHaveCount(0);
  }
  expect(failures).toEqual([]);
});

test('studio pages use the header in app-page mode and have no footer', async ({ page }) => {
  await page.goto('/app');
  await expect(header(page)).toHaveAttribute('data-mode', 'app');
  await expect(page.locator('footer')).toHaveCount(0);
  await page.goto('/about');
  await expect(header(page)).toHaveAttribute('data-mode', 'page');
  await expect(page.locator('footer')).toHaveCount(1);
});

test('a route change scrolls to the top', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.locator('footer a[href="/careers"]').click();
  await expect(page).toHaveURL(/\/careers$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a visit is recorded on app start with the session and visitor ids', async ({ page }) => {
  const request = page.waitForRequest(
    (r) => r.url().endsWith('/api/analytics/visit') && r.method() === 'POST',
  );
  await page.goto('/pricing-typo?x=1');
  const visit = await request;
  const body = visit.postDataJSON() as { path: string; referrer: string; visitorId: string };
  const ids = await page.evaluate(() => ({
    session: sessionStorage.getItem('lift3d_session_id'),
    visitor: localStorage.getItem('lift3d_visitor_id'),
  }));
  expect(body.path).toBe('/pricing-typo');
  expect(body.referrer).toBe('');
  expect(ids.visitor).toMatch(/^[0-9a-f-]{36}$/);
  expect(body.visitorId).toBe(ids.visitor);
  expect(visit.headers()['x-session-id']).toBe(ids.session);
  expect(visit.headers().cookie).toBeUndefined();

  // The same browser keeps its visitor id; a new tab session keeps the session id within the tab.
  const again = page.waitForRequest((r) => r.url().endsWith('/api/analytics/visit'));
  await page.reload();
  expect(((await again).postDataJSON() as { visitorId: string }).visitorId).toBe(ids.visitor);
});

test('the page still renders when the visit cannot be recorded', async ({ page }) => {
  await page.route('**/api/analytics/visit', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect(page.locator('#hero')).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
});

test('a corrupt stored user is removed and the visitor is signed out', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('user', '{not json');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/');
  await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('Sign In opens a dialog that closes with Escape', async ({ page }) => {
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows the Studio button and a hamburger menu with the sections', async ({ page }) => {
    await page.goto('/');
    await expect(header(page).getByRole('link', { name: 'Studio' })).toHaveAttribute('href', '/app');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Home', 'Features', 'Pricing', 'Reviews', 'FAQ', 'Contact']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(menu).toHaveCount(0);
    await expect
      .poll(() => page.locator('#pricing').evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(120);
  });

  test('the studio menu shows Home and Sign In', async ({ page }) => {
    await page.goto('/app');
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Profile' })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
