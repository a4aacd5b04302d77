// Profile → Developers → Webhooks on the real local stack: save an endpoint (a receiver in this test process,
// on 127.0.0.1, which the local stack allows), reveal the secret, send a test event that the stack's worker
// delivers signed, see it in the log, and resend it.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '@lift3d/common/webhooks/signature.ts';
import { dialog, newIdentity, signUpByApi } from './support/accounts.ts';
import { expect, type Page, test } from './support/test.ts';

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

const hits: Hit[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString('utf8');
  });
  req.on('end', () => {
    hits.push({ headers: req.headers, body, at: Date.now() });
    res.writeHead(204).end();
  });
});

test.beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).last();

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page
      .getByTestId('webhooks-section')
      .screenshot({ path: `test-results/webhooks-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('save an endpoint, send a test event, see it delivered in the log, resend it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const who = newIdentity('hooks');
  await signUpByApi(baseURL!, who);
  await page.goto('/');
  // On a busy machine the dialog can take longer than the shared helper's 10 s to open: one click, a longer wait.
  await page.locator('header').getByRole('button', { name: 'Sign In' }).first().click();
  await expect(dialog(page)).toBeVisible({ timeout: 45_000 });
  await dialog(page).getByLabel('Email').fill(who.email);
  await dialog(page).getByLabel('Password', { exact: true }).fill(who.password);
  await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await page.waitForURL('**/app');
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Developers' }).click();
  const section = page.getByTestId('webhooks-section');
  await expect(section.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await expect(
    section.getByText(
      'No deliveries yet. Events appear here when a conversion finishes or you send a test event.',
    ),
  ).toBeVisible();
  await expect(section.getByRole('button', { name: 'Send test event' })).toBeDisabled();

  // A URL that is not one is refused with the server's message, and nothing is saved.
  const url = section.getByLabel('Endpoint URL');
  await url.fill('hooks.example.com/in');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(
    toast(page, 'url: Enter the full address of your endpoint, starting with https://.'),
  ).toBeVisible();
  await expect(section.getByTestId('webhook-secret')).toHaveCount(0);

  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/lift3d`;
  await url.fill(endpoint);
  await expect(url).toHaveValue(endpoint);
  // The api's answer first: if the toast never shows, the failure says what the server answered.
  const saving = page.waitForResponse(
    (r) => r.url().endsWith('/api/webhooks/endpoint') && r.request().method() === 'PUT',
  );
  await section.getByRole('button', { name: 'Save' }).click();
  const saved = await saving;
  expect(saved.status(), await saved.text()).toBe(200);
  await expect(toast(page, 'Events will be sent to this endpoint.')).toBeVisible();
  const secretText = section.getByTestId('webhook-secret');
  await expect(secretText).toHaveText(`whsec_${'•'.repeat(24)}`);
  await section.getByRole('button', { name: 'Reveal' }).click();
  await expect(secretText).toHaveText(/^whsec_[0-9a-f]{64}$/);
  const secret = (await secretText.textContent()) as string;
  await expect(section.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'saved');

  await section.getByRole('button', { name: 'Send test event' }).click();
  await expect(toast(page, 'A ping event is on its way to your endpoint.')).toBeVisible();
  const rows = section.getByTestId('webhook-delivery');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByText('ping', { exact: true })).toBeVisible();
  // The stack's worker delivers it; the log refreshes by itself.
  await expect(rows.first().getByText('Delivered', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(rows.first().getByRole('cell').nth(2)).toHaveText('204');
  await expect(rows.first().getByRole('cell').nth(4)).toHaveText('1');
  expect(hits).toHaveLength(1);
  const [hit] = hits;
  const event = JSON.parse(hit.body);
  expect(event).toMatchObject({ type: 'ping', data: { message: 'This is a test event from Lift3D.' } });
  expect(hit.headers['lift3d-event-id']).toBe(event.id);
  expect(
    await verifySignature(secret, String(hit.headers['lift3d-signature']), hit.body, { nowMs: hit.at }),
  ).toMatchObject({ ok: true });
  await shoot(page, 'delivered');

  await rows.first().getByRole('button', { name: 'Resend' }).click();
  await expect(toast(page, 'The event is on its way again.')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByText('Delivered', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(rows.first().getByText(/\(resend\)$/)).toBeVisible();
  expect(hits).toHaveLength(2);
  expect(hits[1].body).toBe(hits[0].body);

  // Switched off: no test events; the switch is saved with the URL.
  await section.getByRole('switch').click();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'The endpoint is saved but switched off.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Send test event' })).toBeDisabled();
  await expect(rows.first().getByRole('button', { name: 'Resend' }).first()).toBeDisabled();
  // The whole page on a phone, for a look (the delivery table scrolls inside its own box).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/webhooks-phone-page.png', fullPage: true });
});
