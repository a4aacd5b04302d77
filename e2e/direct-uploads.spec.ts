// With S3 storage the studio uploads the photo straight to the bucket through a presigned PUT URL
// (POST /api/uploads), creates the generation by the object's key, and the worker converts it: the photo
// never passes through the api function. The download follows the api's redirect to the bucket.
import { readFileSync } from 'node:fs';
import validator from 'gltf-validator';
import sharp from 'sharp';
import { newIdentity, signUpByApi } from './support/accounts.ts';
import { S3_BUCKET, type S3Stack, startS3Stack } from './support/s3-stack.ts';
import { expect, type Page, test } from './support/test.ts';

let stack: S3Stack;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  stack = await startS3Stack();
});

test.afterAll(async () => {
  await stack?.stop();
});

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${stack.url}/app`);
  await page.locator('header').getByRole('button', { name: 'Sign In' }).first().click();
  const d = page.getByRole('dialog');
  await d.getByLabel('Email').fill(who.email);
  await d.getByLabel('Password', { exact: true }).fill(who.password);
  await d.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(d).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
}

test('S3 storage: the studio PUTs the photo to the bucket, the generation names it, the worker converts it, the GLB downloads from the bucket', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const who = newIdentity('direct');
  const userId = await signUpByApi(stack.url, who);
  await stack.sql`select public.apply_credit_change(${userId}, 100, 'purchase', ${`e2e:${userId}`})`;

  const seen: { method: string; url: string; type: string }[] = [];
  page.on('request', (r) => {
    seen.push({ method: r.method(), url: r.url(), type: r.headers()['content-type'] ?? '' });
  });
  await signIn(page, who);
  await expect(page.getByTestId('studio-credits')).toHaveText('100');
  await page.getByRole('button', { name: 'Try Sample 2D Images' }).click();
  await page.getByRole('button', { name: /^Demo-1:/ }).click();
  await expect(page.getByTestId('selected-file-name')).toHaveText('Demo-1.png');
  // An extra view goes to the bucket the same way.
  const sample = await (await fetch(`${stack.url}/samples/demo-1.png`)).arrayBuffer();
  const back = await sharp(Buffer.from(sample)).flop().png().toBuffer();
  await page
    .getByTestId('view-input-back')
    .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: back });
  await expect(page.getByAltText('Back view: back.png')).toBeVisible();
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('model-status-label')).toHaveText(/Processing|Queued|Completed/, {
    timeout: 30_000,
  });

  // The photos went to the bucket, under the user's own folder, and only their keys reached the api.
  const puts = seen.filter((r) => r.method === 'PUT');
  expect(puts, JSON.stringify(seen.map((r) => `${r.method} ${r.url}`))).toHaveLength(2);
  const putUrl = new URL(puts[0].url);
  expect(putUrl.origin).toBe(stack.s3Origin);
  expect(putUrl.pathname).toMatch(new RegExp(`^/${S3_BUCKET}/uploads/${userId}/[0-9a-f-]{36}\\.png$`));
  expect(putUrl.searchParams.get('X-Amz-Signature')).toBeTruthy();
  expect(seen.some((r) => r.method === 'POST' && r.url.endsWith('/api/uploads'))).toBe(true);
  const create = seen.find((r) => r.method === 'POST' && r.url.endsWith('/api/generations'));
  expect(create?.type).toBe('application/json');
  const [row] = await stack.sql`select id, input_key from public.generations where user_id = ${userId}`;
  const [view] =
    await stack.sql`select view, input_key from public.generation_views where generation_id = ${row.id}`;
  expect(puts.map((r) => new URL(r.url).pathname).sort()).toEqual(
    [`/${S3_BUCKET}/${row.input_key}`, `/${S3_BUCKET}/${view.input_key}`].sort(),
  );
  expect(view.view).toBe('back');
  expect(view.input_key).toMatch(new RegExp(`^uploads/${userId}/`));

  await expect(page.getByTestId('model-status-label')).toHaveText('Completed', { timeout: 300_000 });
  await expect(page.getByTestId('studio-credits')).toHaveText('50');
  // The viewer loads the GLB through the api's redirect to the bucket.
  await expect(page.getByTestId('model-canvas').locator('canvas')).toBeVisible({ timeout: 30_000 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-button').click(),
  ]);
  expect(download.suggestedFilename()).toBe('Demo-1.glb');
  const glb = readFileSync((await download.path())!);
  const report = await validator.validateBytes(new Uint8Array(glb));
  expect(report.issues.numErrors).toBe(0);
  // The bytes came from the bucket: the api answered the download with a redirect to a presigned GET.
  expect(
    seen.some((r) => r.method === 'GET' && r.url.startsWith(`${stack.s3Origin}/${S3_BUCKET}/generations/`)),
  ).toBe(true);

  // What the user sees once the viewer has had time to draw the model (fetched from the bucket as well).
  await page.screenshot({ path: test.info().outputPath('direct-upload-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('direct-upload-390.png'), fullPage: true });
});

test('S3 storage: a user with 20 uploads waiting for a conversion is told so, and nothing is uploaded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const who = newIdentity('direct-limit');
  const userId = await signUpByApi(stack.url, who);
  await stack.sql`select public.apply_credit_change(${userId}, 100, 'purchase', ${`e2e:${userId}`})`;
  // Twenty upload URLs handed out and not used yet (as POST /api/uploads records them).
  await stack.sql`insert into public.direct_uploads (key, user_id, purpose, content_type, declared_bytes, expires_at)
                  select format('uploads/%s/%s.png', ${userId}::text, gen_random_uuid()), ${userId}, 'paid',
                         'image/png', 1000, now() + interval '5 minutes'
                    from generate_series(1, 20)`;
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.url());
  });
  await signIn(page, who);
  await page.getByRole('button', { name: 'Try Sample 2D Images' }).click();
  await page.getByRole('button', { name: /^Demo-1:/ }).click();
  await page.getByTestId('generate-button').click();
  const message = page.getByText(
    'You have 20 uploaded images waiting for a conversion. Start a conversion with them, or try again in a few minutes.',
  );
  await expect(message).toBeVisible({ timeout: 30_000 });
  // The toast has slid in completely before the screenshots.
  await expect(message).toBeInViewport({ ratio: 1 });
  expect(puts).toEqual([]);
  await expect(page.getByTestId('studio-credits')).toHaveText('100');
  await page.screenshot({ path: test.info().outputPath('upload-limit-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(message).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('upload-limit-390.png') });
});
