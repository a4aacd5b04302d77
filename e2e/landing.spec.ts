import { pageClock } from './support/clock.ts';
import { expect, type Page, test } from './support/test.ts';

// The landing page: claims, sections, pricing from the shared pack list, FAQ, anchors, and the client side of
// the waitlist and contact forms (server failures are simulated by answering the request with a 500).

const SECTION_IDS = [
  'hero',
  'features',
  'how-it-works',
  'pricing',
  'reviews',
  'mobile-app',
  'faq',
  'contact',
];

async function json(page: Page, path: string, status: number, body: unknown) {
  const bodies: unknown[] = [];
  await page.route(`**/api${path}`, async (route) => {
    bodies.push(route.request().postDataJSON());
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return bodies;
}

test('the hero shows the claims and its two actions', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('#hero');
  await expect(hero.getByRole('heading', { level: 1 })).toContainText('real 3D model');
  for (const claim of ['under 30 seconds', '99.8%', '15,200+', '4.9/5'])
    await expect(hero).toContainText(claim);
  await expect(hero.getByRole('link', { name: 'Upload Image' })).toHaveAttribute('href', '/app');

  await hero.getByRole('button', { name: 'Get Credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Credits' });
  await expect(dialog).toBeVisible();
  for (const pack of ['starter', 'professional', 'enterprise']) {
    await expect(dialog.locator(`a[href="/checkout?pack=${pack}"]`)).toHaveCount(1);
  }
  await dialog.locator('a[href="/checkout?pack=enterprise"]').click();
  await expect(page).toHaveURL(/\/checkout\?pack=enterprise$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get More Credits');
});

test('every section is on the page in order', async ({ page }) => {
  await page.goto('/');
  const ids = await page.locator('main section[id]').evaluateAll((els) => els.map((e) => e.id));
  expect(ids.filter((id) => SECTION_IDS.includes(id))).toEqual(SECTION_IDS);
  await expect(page.locator('#how-it-works ol > li')).toHaveCount(3);
  await expect(page.locator('#how-it-works')).toContainText('Upload an image');
  await expect(page.locator('#how-it-works')).toContainText('background');
  await expect(page.locator('#how-it-works')).toContainText('3D generation');
  await expect(page.locator('#reviews figure')).toHaveCount(3);
  await expect(
    page.locator('#reviews figure').first().getByRole('img', { name: '5 out of 5 stars' }),
  ).toBeVisible();
});

test('pricing shows the three packs with checkout links', async ({ page }) => {
  await page.goto('/');
  const packs = page.locator('#pricing article');
  await expect(packs).toHaveCount(3);
  const expected = [
    ['starter', 'Starter', '€13', '5,600 credits'],
    ['professional', 'Professional', '€20', '12,000 credits'],
    ['enterprise', 'Enterprise', '€45', '40,000 credits'],
  ];
  for (const [id, name, price, credits] of expected) {
    const card = page.locator(`#pricing article[data-pack="${id}"]`);
    await expect(card).toContainText(name);
    await expect(card).toContainText(price);
    await expect(card).toContainText(credits);
    await expect(card.locator(`a[href="/checkout?pack=${id}"]`)).toHaveCount(1);
  }
  await expect(page.locator('#pricing article[data-pack="professional"]')).toContainText('Most Popular');
  await expect(page.locator('#pricing').getByText('Most Popular')).toHaveCount(1);
});

test('FAQ: one answer open at a time, and clicking the open one closes it', async ({ page }) => {
  await page.goto('/');
  const questions = page.locator('#faq button[aria-expanded]');
  await expect(questions).toHaveCount(6);
  const categories = await page
    .locator('#faq [data-category]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-category')));
  expect(categories).toEqual(['tool', 'audience', 'credits', 'accuracy', 'ease', 'security']);
  const openCount = () => page.locator('#faq button[aria-expanded="true"]').count();
  expect(await openCount()).toBe(0);

  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Every conversion gives you GLB')).toBeVisible();

  await questions.nth(2).click();
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Every conversion gives you GLB')).toBeHidden();
  expect(await openCount()).toBe(1);

  await questions.nth(2).click();
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'false');
  expect(await openCount()).toBe(0);
});

test('header anchors scroll to their sections', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, id] of [
    ['Pricing', 'pricing'],
    ['FAQ', 'faq'],
    ['Reviews', 'reviews'],
    ['Contact', 'contact'],
    ['Features', 'features'],
    ['Home', 'hero'],
  ]) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    // The section's top settles just below the fixed header (scroll-margin), not under it.
    await expect
      .poll(() => page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeGreaterThanOrEqual(0);
    await expect
      .poll(() => page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(90);
  }
});

test('a deep link to a section lands on it', async ({ page }) => {
  await page.goto('/#mobile-app');
  await expect
    .poll(() => page.locator('#mobile-app').evaluate((el) => Math.abs(el.getBoundingClientRect().top)))
    .toBeLessThan(100);
});

test('a link to a section from another page lands on the section', async ({ page }) => {
  await page.goto('/about');
  await page.locator('footer').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await page.waitForTimeout(400);
  await expect
    .poll(() => page.locator('#pricing').evaluate((el) => Math.abs(el.getBoundingClientRect().top)))
    .toBeLessThan(100);
});

test('the scroll progress bar appears after 100 px', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByTestId('scroll-progress');
  await expect(bar).toHaveAttribute('data-visible', 'false');
  await page.evaluate(() => window.scrollTo(0, 90));
  await page.waitForTimeout(150);
  await expect(bar).toHaveAttribute('data-visible', 'false');
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect(bar).toHaveAttribute('data-visible', 'true');
});

test.describe('waitlist', () => {
  const form = (page: Page) => page.locator('#mobile-app form');

  test('an empty submit sends nothing', async ({ page }) => {
    const bodies = await json(page, '/waitlist', 200, { success: true });
    await page.goto('/');
    await form(page).getByRole('button', { name: 'Join Waitlist' }).click();
    await page.waitForTimeout(300);
    expect(bodies).toEqual([]);
  });

  test('success thanks the visitor and clears the email after 1.2 s', async ({ page }) => {
    const bodies = await json(page, '/waitlist', 200, { success: true });
    const clock = pageClock(page);
    await clock.install();
    await page.goto('/');
    await form(page).getByLabel('Email address').fill('ada@example.com');
    await clock.hold();
    await form(page).getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(form(page).getByRole('status')).toHaveText('Thanks! You’re on the list.');
    expect(bodies).toEqual([{ email: 'ada@example.com' }]);
    await clock.advance(1_100);
    await expect(form(page).getByLabel('Email address')).toHaveValue('ada@example.com');
    await clock.advance(200);
    await expect(form(page).getByLabel('Email address')).toHaveValue('');
    await expect(form(page).getByRole('status')).toHaveText('');
  });

  test('a server failure shows the error, which clears after 4 s', async ({ page }) => {
    await json(page, '/waitlist', 500, { error: 'database down' });
    const clock = pageClock(page);
    await clock.install();
    await page.goto('/');
    await form(page).getByLabel('Email address').fill('ada@example.com');
    await clock.hold();
    await form(page).getByRole('button', { name: 'Join Waitlist' }).click();
    const status = form(page).getByRole('status');
    await expect(status).toHaveText('Something went wrong. Please try again.');
    await clock.advance(3_900);
    await expect(status).toHaveText('Something went wrong. Please try again.');
    await clock.advance(200);
    await expect(status).toHaveText('');
    await expect(form(page).getByLabel('Email address')).toHaveValue('ada@example.com');
  });

  test('the dialog from a store button closes itself after a signup', async ({ page }) => {
    await json(page, '/waitlist', 200, { success: true });
    const clock = pageClock(page);
    await clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: /App Store/ }).click();
    const dialog = page.getByRole('dialog', { name: /waitlist/ });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email address').fill('grace@example.com');
    await clock.hold();
    await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Thanks! You’re on the list.');
    await clock.advance(1_100);
    await expect(dialog).toBeVisible();
    await clock.advance(200);
    await clock.release();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('contact form', () => {
  const form = (page: Page) => page.locator('#contact form');

  async function fill(page: Page) {
    await form(page).getByLabel('Name').fill('Ada Lovelace');
    await form(page).getByLabel('Email').fill('ada@example.com');
    await form(page).getByLabel('Subject').fill('Invoice');
    await form(page).getByLabel('Message').fill('Could I get an invoice for my last pack?');
  }

  test('shows the support address, the 24-hour promise and live chat', async ({ page }) => {
    await page.goto('/');
    const contact = page.locator('#contact');
    await expect(contact.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(contact).toContainText('within 24 hours');
    await expect(contact).toContainText('Available 24/7 (Coming Soon)');
  });

  test('requires every field', async ({ page }) => {
    const bodies = await json(page, '/contact', 200, { success: true });
    await page.goto('/');
    await form(page).getByLabel('Name').fill('Ada');
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await page.waitForTimeout(300);
    expect(bodies).toEqual([]);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      await expect(form(page).getByLabel(label)).toHaveAttribute('required', '');
    }
  });

  test('success clears the fields and returns to idle after 5 s', async ({ page }) => {
    const bodies = await json(page, '/contact', 200, { success: true });
    const clock = pageClock(page);
    await clock.install();
    await page.goto('/');
    await fill(page);
    await clock.hold();
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    const status = form(page).getByRole('status');
    await expect(status).toHaveAttribute('data-state', 'success');
    await expect(status).toContainText('within 24 hours');
    expect(bodies).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject: 'Invoice',
        message: 'Could I get an invoice for my last pack?',
      },
    ]);
    await expect(form(page).getByLabel('Name')).toHaveValue('');
    await expect(form(page).getByLabel('Message')).toHaveValue('');
    await clock.advance(4_900);
    await expect(status).toHaveAttribute('data-state', 'success');
    await clock.advance(200);
    await expect(status).toHaveAttribute('data-state', 'idle');
  });

  test('a server failure shows an error, keeps the message and resets after 5 s', async ({ page }) => {
    await json(page, '/contact', 503, { error: 'try later' });
    const clock = pageClock(page);
    await clock.install();
    await page.goto('/');
    await fill(page);
    await clock.hold();
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    const status = form(page).getByRole('status');
    await expect(status).toHaveAttribute('data-state', 'error');
    await expect(status).toContainText('could not be sent');
    await expect(form(page).getByLabel('Message')).toHaveValue('Could I get an invoice for my last pack?');
    await clock.advance(4_900);
    await expect(status).toHaveAttribute('data-state', 'error');
    await clock.advance(200);
    await expect(status).toHaveAttribute('data-state', 'idle');
  });
});
