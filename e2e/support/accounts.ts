// Account helpers for browser tests: unique identities, sign-up through the Supabase Auth API of the
// stack under test, sign-in through the dialog, and the mail outbox.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { database } from './db.ts';

export function newIdentity(label = 'user') {
  const id = randomUUID().slice(0, 8);
  return { name: `Test ${label} ${id}`, email: `${label}-${id}@example.test`, password: `pw-${id}-secret` };
}

async function anonKey(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/config.json`);
  const config = (await res.json()) as { supabaseAnonKey: string };
  return config.supabaseAnonKey;
}

/** Creates an account without the UI (Supabase Auth `POST /signup`); returns its id. */
export async function signUpByApi(baseURL: string, who: { name: string; email: string; password: string }) {
  const key = await anonKey(baseURL);
  const res = await fetch(`${baseURL}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password, data: { name: who.name } }),
  });
  const body = (await res.json()) as { user?: { id: string }; id?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.user?.id ?? (body.id as string);
}

export function dialog(page: Page) {
  return page.getByRole('dialog');
}

export async function openSignIn(page: Page) {
  // A prerendered page shows the button before its JavaScript runs; a click then does nothing, so on a busy
  // machine the click is repeated until the dialog opens.
  await expect(async () => {
    if (!(await dialog(page).isVisible())) {
      await page.locator('header').getByRole('button', { name: 'Sign In' }).first().click({ timeout: 5_000 });
    }
    await expect(dialog(page)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * Starts noting which of `texts` appear inside a dialog on this page (a MutationObserver in the page), for a
 * message shown too briefly to be sure a polling check sees it on a busy machine (the auth dialog's 1.2 s
 * success overlay). The page must stay loaded (the studio is reached by the app's own navigation). Returns a
 * function that reads the texts seen so far.
 */
export async function noteDialogTexts(page: Page, texts: string[]): Promise<() => Promise<string[]>> {
  await page.evaluate((wanted) => {
    const seen = new Set<string>();
    const look = () => {
      for (const d of document.querySelectorAll('[role="dialog"]')) {
        for (const text of wanted) if (d.textContent?.includes(text)) seen.add(text);
      }
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    (window as unknown as { lift3dSeenTexts: Set<string> }).lift3dSeenTexts = seen;
  }, texts);
  return () =>
    page.evaluate(() => [...(window as unknown as { lift3dSeenTexts: Set<string> }).lift3dSeenTexts].sort());
}

/** Signs in through the dialog on the current page and waits for the studio. */
export async function signInThroughDialog(page: Page, email: string, password: string) {
  await openSignIn(page);
  const d = dialog(page);
  await d.getByLabel('Email').fill(email);
  await d.getByLabel('Password', { exact: true }).fill(password);
  await d.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  // "Welcome Back!" shows for 1.2 s before the dialog closes; on a busy machine it can be gone before a check
  // sees it, so the shared helper waits for what lasts: the studio and the account menu.
  await page.waitForURL('**/app');
  // The menu is a lazy chunk: on a machine under heavy load it can take longer than the default 10 s.
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
}

export async function signOutThroughMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.locator('header').getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
}

/** The newest outbox mail to `address` (the stack queues auth mail there). */
export async function latestMailTo(address: string): Promise<{ subject: string; text_body: string }> {
  const sql = database();
  for (let i = 0; i < 50; i++) {
    const rows = await sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from public.mail_outbox where to_address = ${address} order by id desc limit 1`;
    if (rows[0]) return rows[0];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`e2e: no mail to ${address} in the outbox`);
}
