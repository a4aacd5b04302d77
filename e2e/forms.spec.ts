import { newIdentity } from './support/accounts.ts';
import { pageClock } from './support/clock.ts';
import { messagesFor, raiseFormLimits } from './support/messages.ts';
import { expect, type Page, test } from './support/test.ts';

// The contact, waitlist and career forms against the real api function and database: a success stores the
// message and queues its notification mail; a failure is a real refusal by the server (an address such as
// name@localhost passes the browser's email check but not the server's, so the api answers 400) and shows
// the spec's error state for the spec's time.

test.beforeAll(async () => {
  await raiseFormLimits();
});

/** An address the browser accepts and the server refuses (no dot in the domain). */
const refused = (label: string) => `${label}-${Date.now().toString(36)}@localhost`;

test.describe('contact page', () => {
  async function fill(page: Page, email: string) {
    const form = page.locator('main form');
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Subject').fill('Invoice');
    await form.getByLabel('Message').fill('Could I get an invoice for my Professional pack?');
    return form;
  }

  test('shows the form, the support address, the 24-hour promise and live chat', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /@lift3d/ }).first()).toHaveAttribute('href', /^mailto:/);
    await expect(page.locator('main')).toContainText('within 24 hours');
    await expect(page.locator('main')).toContainText('Available 24/7 (Coming Soon)');
  });

  test('a message is stored with its mail, the fields clear and the state resets after 5 s', async ({
    page,
  }) => {
    const { email } = newIdentity('contact');
    const clock = pageClock(page);
    await clock.install();
    await page.goto('/contact');
    const form = await fill(page, email);
    await clock.hold();
    await form.getByRole('button', { name: 'Send Message' }).click();
    const status = form.getByRole('status');
    await expect(status).toHaveAttribute('data-state', 'success');
    await expect(status).toContainText('within 24 hours');
    await expect(form.getByLabel('Message')).toHaveValue('');

    const [message, ...more] = await messagesFor(email);
    expect(more).toHaveLength(0);
    expect(message.kind).toBe('contact');
    expect(message.payload).toEqual({
      name: 'Ada Lovelace',
      subject: 'Invoice',
      message: 'Could I get an invoice for my Professional pack?',
    });
    expect(message.mail_subject).toBe('Contact: Invoice');
    expect(message.mail_reply_to).toBe(email);
    expect(message.mail_text).toContain('Could I get an invoice');

    await clock.advance(4_900);
    await expect(status).toHaveAttribute('data-state', 'success');
    await clock.advance(200);
    await expect(status).toHaveAttribute('data-state', 'idle');
  });

  test('a message the server refuses shows the error state, keeps the text and resets after 5 s', async ({
    page,
  }) => {
    const email = refused('contact');
    const clock = pageClock(page);
    await clock.install();
    await page.goto('/contact');
    const form = await fill(page, email);
    await clock.hold();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await answer).status()).toBe(400);
    const status = form.getByRole('status');
    await expect(status).toHaveAttribute('data-state', 'error');
    await expect(status).toContainText('could not be sent');
    await expect(form.getByLabel('Message')).toHaveValue('Could I get an invoice for my Professional pack?');
    await clock.advance(4_900);
    await expect(status).toHaveAttribute('data-state', 'error');
    await clock.advance(200);
    await expect(status).toHaveAttribute('data-state', 'idle');
    expect(await messagesFor(email)).toEqual([]);
  });
});

test.describe('mobile-app waitlist', () => {
  /** Opens the dialog on a page whose clock the test moves (see support/clock.ts). */
  async function openDialog(page: Page) {
    const clock = pageClock(page);
    await clock.install();
    await page.goto('/#mobile-app');
    await page.getByRole('button', { name: /App Store: coming soon/ }).click();
    const dialog = page.getByRole('dialog', { name: /waitlist/i });
    await expect(dialog).toBeVisible();
    return { dialog, clock };
  }

  test('a signup is stored with the "Mobile App Waitlist Signup" mail and the dialog closes after 1.2 s', async ({
    page,
  }) => {
    const { email } = newIdentity('waitlist');
    const { dialog, clock } = await openDialog(page);
    await dialog.getByLabel('Email address').fill(email);
    await clock.hold();
    await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Thanks! You’re on the list.');
    const [message] = await messagesFor(email);
    expect(message.kind).toBe('waitlist');
    expect(message.mail_subject).toBe('Mobile App Waitlist Signup');
    expect(message.mail_text).toContain(email);
    await clock.advance(1_100);
    await expect(dialog).toBeVisible();
    await clock.advance(200);
    await clock.release();
    await expect(dialog).toHaveCount(0);
  });

  test('a signup the server refuses shows the error, which clears after 4 s', async ({ page }) => {
    const email = refused('waitlist');
    const { dialog, clock } = await openDialog(page);
    await dialog.getByLabel('Email address').fill(email);
    await clock.hold();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/waitlist'));
    await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
    expect((await answer).status()).toBe(400);
    const status = dialog.getByRole('status');
    await expect(status).toHaveText('Something went wrong. Please try again.');
    await clock.advance(3_900);
    await expect(status).toHaveText('Something went wrong. Please try again.');
    await clock.advance(200);
    await expect(status).toHaveText('');
    await expect(dialog).toBeVisible();
    expect(await messagesFor(email)).toEqual([]);
  });
});

test.describe('career application', () => {
  /** Opens the dialog on a page whose clock the test moves (see support/clock.ts). */
  async function openApply(page: Page, button: string) {
    const clock = pageClock(page);
    await clock.install();
    await page.goto('/careers');
    await page.getByRole('button', { name: button }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The 100 ms read-only guard: wait until the fields take input.
    await expect(dialog.locator('form')).toHaveAttribute('data-guard', 'off');
    return { dialog, clock };
  }

  test('the page shows the values, the three roles and the general application', async ({ page }) => {
    await page.goto('/careers');
    for (const value of ['Excellence', 'Velocity', 'Ownership'])
      await expect(page.getByRole('heading', { name: value })).toBeVisible();
    for (const role of ['Senior Graphics Engineer', 'AI Research Engineer', 'Product Designer'])
      await expect(page.getByRole('button', { name: `Apply for ${role}` })).toBeVisible();
    const { dialog } = await openApply(page, 'Introduce Yourself');
    await expect(dialog.getByRole('heading', { name: 'Apply for General Application' })).toBeVisible();
    for (const label of [
      'Full Name',
      'Email',
      'Location',
      'Years of Experience',
      'LinkedIn URL',
      'Portfolio URL',
      'GitHub URL',
      'Resume/CV URL',
      'Compensation Expectations',
      'Availability',
      'Skills / Highlights',
    ])
      await expect(dialog.getByLabel(label, { exact: false }).first()).toBeVisible();
    await expect(dialog.getByLabel('Full Name')).toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('inputs are read-only for the first 100 ms after the dialog opens, every time', async ({ page }) => {
    // The page's clock is held while the dialog opens, so the 100 ms are the page's own and a busy machine
    // cannot stretch or shrink what is measured (see support/clock.ts).
    const clock = pageClock(page);
    await clock.install();
    await page.goto('/careers');
    for (const role of ['AI Research Engineer', 'Senior Graphics Engineer']) {
      await clock.hold();
      await page.getByRole('button', { name: `Apply for ${role}` }).click();
      const dialog = page.getByRole('dialog');
      const form = dialog.locator('form');
      const fullName = dialog.getByLabel('Full Name');
      // The dialog opens over a few frames: move the held clock a frame at a time until the form is there.
      // Its guard's timer starts when the form mounts, on the held clock, so all of its 100 ms are still ahead.
      for (let frames = 0; (await form.count()) === 0; frames++) {
        expect(frames, `${role}: the dialog opens`).toBeLessThan(200);
        await clock.advance(16);
      }
      await expect(form, role).toHaveAttribute('data-guard', 'on');
      await expect(fullName, role).toHaveJSProperty('readOnly', true);
      // 80 ms, not 99: a frame's worth of the held clock may have run since the form mounted.
      await clock.advance(80);
      await expect(fullName, role).toHaveJSProperty('readOnly', true);
      await clock.advance(40);
      await expect(form, role).toHaveAttribute('data-guard', 'off');
      await expect(fullName, role).toHaveJSProperty('readOnly', false);
      await clock.release();
      await fullName.fill('Typed after the guard');
      await expect(fullName).toHaveValue('Typed after the guard');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }
  });

  test('an application is stored with its mail; the dialog closes and resets after 1.2 s', async ({
    page,
  }) => {
    const { email } = newIdentity('career');
    const { dialog, clock } = await openApply(page, 'Apply for Product Designer');
    await expect(dialog.getByRole('heading', { name: 'Apply for Product Designer' })).toBeVisible();
    await dialog.getByLabel('Full Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Location').fill('Lisbon');
    await dialog.getByLabel('Years of Experience').fill('8');
    await dialog.getByLabel('Portfolio URL').fill('https://grace.example');
    await dialog.getByLabel('Skills / Highlights').fill('Design systems, prototyping');
    await clock.hold();
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Application sent. Thank you!');
    await clock.advance(1_100);
    await expect(dialog).toBeVisible();
    await clock.advance(200);
    await clock.release();
    await expect(dialog).toHaveCount(0);

    const [message] = await messagesFor(email);
    expect(message.kind).toBe('career');
    expect(message.payload).toMatchObject({
      role: 'Product Designer',
      full_name: 'Grace Hopper',
      email,
      location: 'Lisbon',
      years_experience: '8',
      portfolio: 'https://grace.example',
      linkedin: '',
      skills_summary: 'Design systems, prototyping',
    });
    expect(message.mail_subject).toBe('Job application: Product Designer (Grace Hopper)');
    expect(message.mail_reply_to).toBe(email);

    // Reopened, the form is empty again.
    await page.getByRole('button', { name: 'Apply for Product Designer' }).click();
    await expect(page.getByRole('dialog').getByLabel('Full Name')).toHaveValue('');
  });

  test('an application the server refuses shows the error, which clears after 4 s', async ({ page }) => {
    const email = refused('career');
    const { dialog, clock } = await openApply(page, 'Apply for Senior Graphics Engineer');
    await dialog.getByLabel('Full Name').fill('Alan Turing');
    await dialog.getByLabel('Email').fill(email);
    await clock.hold();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/careers/apply'));
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    expect((await answer).status()).toBe(400);
    const status = dialog.getByRole('status');
    await expect(status).toHaveText('Something went wrong. Please try again.');
    await expect(dialog.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
    await clock.advance(3_900);
    await expect(status).toHaveText('Something went wrong. Please try again.');
    await clock.advance(200);
    await expect(status).toHaveText('');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full Name')).toHaveValue('Alan Turing');
    expect(await messagesFor(email)).toEqual([]);
  });
});
