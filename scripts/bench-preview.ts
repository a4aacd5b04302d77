/**
 * `npm run bench:preview`: how long the free preview takes, from the photo chosen to its shape spinning in
 * the studio, next to the paid conversion of the same photo in the same run (ratios, not absolute seconds:
 * the machine's load moves both).
 *
 * Starts a local stack (with its worker) in-process on a free port in a temporary DATA_DIR, serving the SPA
 * built in DIST_DIR (default ./dist: `npm run build` first), and Debian's chromium through Playwright.
 * RUNS (3) previews of different samples, each measured:
 * - browser: photo chosen → "Show free preview" → the viewer has drawn the shape (data-state="spinning");
 * - api: POST /api/previews → the shape's bytes fetched (what the browser waits for, without the page);
 * then one paid low-poly GLB conversion of the first sample through the api, queued → completed.
 * Prints a table and the medians' ratio; PREVIEW_BENCH_JSON=file writes them.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '@lift3d/local/config';
import { freePort } from '@lift3d/local/ports';
import { startStack } from '@lift3d/local/stack';
import { chromium } from '@playwright/test';
import postgres from 'postgres';

const DEFAULTS = { runs: 3, samples: ['demo-1.png', 'demo-2.png', 'demo-5.png', 'demo-3.png', 'demo-4.png'] };
const runs = Math.max(1, Number(process.env.RUNS ?? DEFAULTS.runs));

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function session(base: string, anonKey: string, label: string) {
  const email = `${label}-${Date.now()}@example.test`;
  const password = `pw-${Date.now()}-secret`;
  const headers = { apikey: anonKey, 'content-type': 'application/json' };
  const up = await fetch(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, data: { name: 'Bench' } }),
  });
  if (!up.ok) throw new Error(`bench-preview: sign-up failed: ${await up.text()}`);
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`bench-preview: sign-in failed: ${await res.text()}`);
  return { ...((await res.json()) as { access_token: string; user: { id: string } }), email, password };
}

async function waitFor<T>(what: string, fn: () => Promise<T | null>, timeoutMs = 600_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await fn();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`bench-preview: ${what} did not happen within ${timeoutMs / 1000} s`);
}

const dataDir = await mkdtemp(join(tmpdir(), 'lift3d-bench-preview-'));
const port = await freePort();
const stack = await startStack(
  loadConfig({
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    AUTH_SIGN_IN_LIMIT: '1000',
  }),
);
const base = stack.url.replace(/\/$/, '');
const sql = postgres(stack.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
});
try {
  const { supabaseAnonKey } = (await (await fetch(`${base}/config.json`)).json()) as {
    supabaseAnonKey: string;
  };
  const user = await session(base, supabaseAnonKey, 'bench-preview');
  await sql`select public.apply_credit_change(${user.user.id}, 100, 'purchase', 'bench:preview')`;
  const auth = { Authorization: `Bearer ${user.access_token}` };
  const samples = DEFAULTS.samples;
  const photo = async (name: string) =>
    new Blob([await readFile(resolve('public/samples', name))], { type: 'image/png' });

  // The api path alone: POST → shape bytes.
  const apiSeconds: number[] = [];
  for (let i = 0; i < runs; i++) {
    const form = new FormData();
    form.append('image', await photo(samples[i % samples.length]), 'photo.png');
    const started = performance.now();
    const res = await fetch(`${base}/api/previews`, { method: 'POST', body: form, headers: auth });
    if (res.status !== 202)
      throw new Error(`bench-preview: POST /api/previews answered ${res.status}: ${await res.text()}`);
    const { preview } = (await res.json()) as { preview: { id: string } };
    await waitFor('the preview', async () => {
      const r = await fetch(`${base}/api/previews/${preview.id}/shape`, { headers: auth });
      return r.ok ? r.arrayBuffer() : null;
    });
    apiSeconds.push((performance.now() - started) / 1000);
  }

  // The studio: photo chosen → shape spinning.
  const browserSeconds: number[] = [];
  // Signed in through the header's dialog, as a user is (a session planted in storage was not taken up).
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/app`);
  const dialog = page.getByRole('dialog');
  // A prerendered page shows the button before its JavaScript runs: the click is repeated until it opens.
  await waitFor('the sign-in dialog', async () => {
    if (await dialog.isVisible()) return true;
    // The studio may open the dialog itself, over the header's button: then the click times out.
    await page
      .locator('header')
      .getByRole('button', { name: 'Sign In' })
      .first()
      .click({ timeout: 5_000 })
      .catch(() => {});
    return (await dialog.isVisible()) ? true : null;
  });
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 120_000 });
  for (let i = 0; i < runs; i++) {
    await page.goto(`${base}/app`);
    const name = samples[(i + 1) % samples.length].replace('.png', '');
    await page
      .getByRole('button', { name: new RegExp(`^${name[0].toUpperCase()}${name.slice(1)}:`) })
      .click();
    const panel = page.getByTestId('shape-preview');
    const started = performance.now();
    await panel.getByRole('button', { name: 'Show free preview' }).click();
    await page.locator('[data-testid="shape-preview"][data-state="spinning"]').waitFor({ timeout: 600_000 });
    browserSeconds.push((performance.now() - started) / 1000);
  }
  await context.close();

  // The paid conversion of the first sample, same run.
  const form = new FormData();
  form.append('image', await photo(samples[0]), 'photo.png');
  form.set('format', 'glb');
  form.set('topology', 'low');
  const startedPaid = performance.now();
  const res = await fetch(`${base}/api/generations`, { method: 'POST', body: form, headers: auth });
  if (res.status !== 202) throw new Error(`bench-preview: POST /api/generations answered ${res.status}`);
  const { generation } = (await res.json()) as { generation: { id: string } };
  await waitFor('the paid conversion', async () => {
    const g = (await (await fetch(`${base}/api/generations/${generation.id}`, { headers: auth })).json()) as {
      generation: { status: string; error?: string };
    };
    if (g.generation.status === 'failed')
      throw new Error(`bench-preview: the conversion failed: ${g.generation.error}`);
    return g.generation.status === 'completed' ? true : null;
  });
  const paidSeconds = (performance.now() - startedPaid) / 1000;

  const row = (label: string, xs: number[]) =>
    `| ${label} | ${median(xs).toFixed(1)} | ${Math.min(...xs).toFixed(1)} | ${Math.max(...xs).toFixed(1)} | ${xs.length} |`;
  console.log('\n| path | median s | min s | max s | runs |\n|---|--:|--:|--:|--:|');
  console.log(row('preview, studio: photo chosen → shape spinning', browserSeconds));
  console.log(row('preview, api: POST → shape bytes', apiSeconds));
  console.log(row('paid conversion (low, GLB), api: POST → completed', [paidSeconds]));
  const ratio = median(browserSeconds) / paidSeconds;
  console.log(`\npreview (studio, median) / paid conversion: ${ratio.toFixed(2)}`);
  if (process.env.PREVIEW_BENCH_JSON) {
    writeFileSync(
      process.env.PREVIEW_BENCH_JSON,
      JSON.stringify({ browserSeconds, apiSeconds, paidSeconds, ratio }, null, 2),
    );
  }
} finally {
  await browser.close();
  await sql.end();
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
