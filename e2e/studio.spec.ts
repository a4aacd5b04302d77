// The studio against the real stack: upload, the Generate rules, a real conversion by the worker with polled
// progress, the viewer, a GLB download checked by the Khronos validator, the charge, My models, a real
// failure with its refund, and the variants.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import validator from 'gltf-validator';
import sharp from 'sharp';
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf, grantCredits, ledgerOf } from './support/credits.ts';
import { expect, type Page, test } from './support/test.ts';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).last();

async function signedInStudioUser(page: Page, baseURL: string, credits: number, path = '/app') {
  const who = newIdentity('studio');
  const id = await signUpByApi(baseURL, who);
  if (credits) await grantCredits(id, credits);
  await page.goto(path);
  await signInThroughDialog(page, who.email, who.password);
  if (path !== '/app') await page.goto(path);
  await expect(page.getByTestId('studio-credits')).toHaveText(path === '/app66' ? '0' : String(credits));
  return { ...who, id };
}

async function pickSample(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${name}:`) }).click();
  await expect(page.getByTestId('selected-file-name')).toHaveText(`${name}.png`);
}

test('sign in, convert a sample, watch progress, view it, download a valid GLB; 50 credits spent; listed in My models', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const user = await signedInStudioUser(page, baseURL!, 120);

  await page.getByRole('button', { name: 'Try Sample 2D Images' }).click();
  await expect(page.getByRole('heading', { name: 'Or try a sample image' })).toBeInViewport();
  await expect(page.locator('#samples li')).toHaveCount(10);
  await pickSample(page, 'Demo-1');
  await expect(page.getByTestId('selected-file-size')).toHaveText(/^\d+\.\d{2} MB$/);
  await expect(page.getByTestId('download-button')).toBeDisabled();
  await expect(page.getByTestId('model-status-label')).toHaveText('Not started');

  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('model-status-label')).toHaveText('Processing...');
  await expect(page.getByTestId('generate-button')).toBeDisabled();
  // Progress comes from the worker through the polled row: a stage and a percent.
  await expect(page.getByRole('progressbar', { name: '3D Model progress' })).toBeVisible();
  await expect(page.getByTestId('model-status-stage')).not.toHaveText('');

  await expect(page.getByTestId('model-status-label')).toHaveText('Completed', { timeout: 180_000 });
  await expect(toast(page, '3D Model Generated')).toBeVisible();
  await expect(toast(page, 'Your 3D model has been generated successfully!')).toBeVisible();
  await expect(page.getByTestId('model-canvas').locator('canvas')).toBeVisible({ timeout: 30_000 });

  // The charge: exactly one conversion.
  await expect(page.getByTestId('studio-credits')).toHaveText('70');
  expect(await balanceOf(user.id)).toBe(70);
  expect((await ledgerOf(user.id)).filter((l) => l.delta < 0).map((l) => l.delta)).toEqual([-50]);

  const downloadButton = page.getByTestId('download-button');
  await expect(downloadButton).toHaveText(/Download GLB/);
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  // Named after the image, not the conversion's id.
  expect(download.suggestedFilename()).toBe('Demo-1.glb');
  const glb = readFileSync((await download.path())!);
  const report = await validator.validateBytes(new Uint8Array(glb));
  expect(report.issues.numErrors, JSON.stringify(report.issues.messages.slice(0, 5))).toBe(0);

  // The other four formats are one menu away.
  await page.getByRole('button', { name: 'More download formats' }).click();
  for (const label of ['glTF', 'OBJ', 'FBX', 'STL']) {
    await expect(page.getByRole('menuitem', { name: `Download ${label}` })).toBeVisible();
  }
  const [stl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download STL' }).click(),
  ]);
  expect(stl.suggestedFilename()).toBe('Demo-1.stl');
  expect(readFileSync((await stl.path())!).length).toBeGreaterThan(84);

  // A reload keeps following the job: the result is still there, without a second success toast.
  await page.reload();
  await expect(page.getByTestId('model-status-label')).toHaveText('Completed');
  await expect(page.getByTestId('model-canvas').locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('3D Model Generated', { exact: true })).toHaveCount(0);

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My models' }).click();
  const row = page.getByTestId('my-model');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Completed');
  await expect(row.locator('img')).toBeVisible();
  // Any format again from the history, then delete it.
  await row.getByRole('button', { name: 'Download' }).click();
  const [obj] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'OBJ' }).click(),
  ]);
  expect(obj.suggestedFilename()).toBe('Demo-1.zip');
  await row.getByRole('button', { name: 'Delete model' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this model?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No models yet')).toBeVisible();
  expect(await balanceOf(user.id)).toBe(70);
});

test('3D Preview makes a video job and plays its MP4 muted and looped; its model downloads too, named after the image, also after a reload', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const user = await signedInStudioUser(page, baseURL!, 50);
  // The user's own photo, so the downloads carry its name.
  const chair = Buffer.from(await (await fetch(`${baseURL}/samples/demo-8.png`)).arrayBuffer());
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'chair.png', mimeType: 'image/png', buffer: chair });
  await expect(page.getByTestId('selected-file-name')).toHaveText('chair.png');
  await page.getByTestId('preview-button').click();
  await expect(page.getByTestId('preview-status-label')).toHaveText('Processing...');
  await expect(page.getByTestId('model-status-label')).toHaveText('Not started');
  await expect(page.getByTestId('preview-status-label')).toHaveText('Completed', { timeout: 240_000 });
  const video = page.getByTestId('model-video');
  await expect(video).toBeVisible();
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0))
    .toBe(true);
  // A video is a conversion too: 50 credits. The MP4 downloads from the panel.
  expect(await balanceOf(user.id)).toBe(0);
  const [mp4] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-video').click(),
  ]);
  expect(mp4.suggestedFilename()).toBe('chair.mp4');
  const head = readFileSync((await mp4.path())!)
    .subarray(4, 8)
    .toString('latin1');
  expect(head).toBe('ftyp');

  // The video job made the model in every format as well: the studio offers it as My models does.
  const downloadButton = page.getByTestId('download-button');
  await expect(downloadButton).toBeEnabled();
  await expect(downloadButton).toHaveText('Download GLB');
  const [glb] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(glb.suggestedFilename()).toBe('chair.glb');
  expect(
    readFileSync((await glb.path())!)
      .subarray(0, 4)
      .toString('latin1'),
  ).toBe('glTF');

  // A reload shows the studio's last result again (not only My models), and it still downloads.
  await page.reload();
  await expect(page.getByTestId('preview-status-label')).toHaveText('Completed');
  await expect(page.getByTestId('model-video')).toBeVisible();
  await expect(downloadButton).toBeEnabled();
  await page.getByRole('button', { name: 'More download formats' }).click();
  const [stl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download STL' }).click(),
  ]);
  expect(stl.suggestedFilename()).toBe('chair.stl');

  // My models names the same files the same way.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My models' }).click();
  const row = page.getByTestId('my-model');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Download' }).click();
  const [fromHistory] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'GLB', exact: true }).click(),
  ]);
  expect(fromHistory.suggestedFilename()).toBe('chair.glb');
});

test('a batch checks its total cost up front, then makes one job per image; a double click is one job', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const user = await signedInStudioUser(page, baseURL!, 60);
  const file = async (name: string, colour: { r: number; g: number; b: number }) => ({
    name,
    mimeType: 'image/png',
    buffer: await sharp(await (await fetch(`${baseURL}/samples/demo-2.png`)).arrayBuffer())
      .tint(colour)
      .png()
      .toBuffer(),
  });
  await page
    .getByTestId('upload-input')
    .setInputFiles([
      await file('teal.png', { r: 20, g: 160, b: 150 }),
      await file('red.png', { r: 200, g: 40, b: 40 }),
    ]);
  await expect(page.getByTestId('batch-count')).toHaveText('Batch: 2 images selected, one conversion each.');
  await expect(page.getByTestId('studio-cost')).toContainText('100 credits');
  // 60 credits cannot pay for two: nothing starts, nothing is charged.
  await page.getByTestId('generate-button').click();
  await expect(page.getByRole('dialog', { name: 'Buy Credits' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await balanceOf(user.id)).toBe(60);

  // Off the page while the database is touched directly: the local stack's PGlite serves every connection in
  // one session, so the test's own statements must not interleave with the page's API calls.
  await page.goto('about:blank');
  await grantCredits(user.id, 40);
  await page.goto('/app');
  // Generate decides on the balance the page knows: a click before the user has loaded asks to sign in.
  await expect(page.getByTestId('studio-credits')).toHaveText('100');
  await page
    .getByTestId('upload-input')
    .setInputFiles([
      await file('teal.png', { r: 20, g: 160, b: 150 }),
      await file('red.png', { r: 200, g: 40, b: 40 }),
    ]);
  await page.getByTestId('generate-button').dblclick();
  const list = page.getByTestId('batch-list');
  await expect(list).toContainText('teal.png');
  await expect(list).toContainText('red.png');
  await expect.poll(() => balanceOf(user.id)).toBe(0);
  await expect(list.getByText('Completed')).toHaveCount(2, { timeout: 200_000 });
  expect((await ledgerOf(user.id)).filter((l) => l.delta < 0)).toHaveLength(2);
});

test('the Generate rules run in the spec order and a new image resets the studio', async ({
  page,
  baseURL,
}) => {
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Studio');
  // Signed out: Generate asks to sign in, even without an image.
  await page.getByTestId('generate-button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const user = await signedInStudioUser(page, baseURL!, 30);
  // Signed in without an image the button is disabled (SPEC §4).
  await expect(page.getByTestId('generate-button')).toBeDisabled();

  // Only image/* is taken; anything else is silently ignored.
  const input = page.getByTestId('upload-input');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('selected-file')).toHaveCount(0);
  const png = await sharp({
    create: { width: 300, height: 300, channels: 4, background: { r: 200, g: 60, b: 60, alpha: 1 } },
  })
    .png()
    .toBuffer();
  await input.setInputFiles({ name: 'red square.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('selected-file-name')).toHaveText('red square.png');
  await expect(page.getByTestId('selected-file-size')).toHaveText(`${(png.length / 1048576).toFixed(2)} MB`);
  await expect(page.getByAltText('Preview of red square.png')).toBeVisible();

  // 30 credits < 50: the Buy Credits dialog, and nothing is charged.
  await page.getByTestId('generate-button').click();
  await expect(page.getByRole('dialog', { name: 'Buy Credits' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await balanceOf(user.id)).toBe(30);

  // A new image resets both states to Not started.
  await pickSample(page, 'Demo-4');
  await expect(page.getByTestId('model-status-label')).toHaveText('Not started');
  await expect(page.getByTestId('preview-status-label')).toHaveText('Not started');
  await expect(page.getByTestId('model-stage')).toHaveAttribute('data-showing', 'none');
});

test('an image with no subject says what is wrong with it (not "Servers are busy") and refunds the credits', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const user = await signedInStudioUser(page, baseURL!, 50);
  // A fully transparent image has no subject to lift: the engine refuses it.
  const empty = await sharp({
    create: { width: 256, height: 256, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: empty });
  // No "Processing..." check here: the engine refuses the image within a second, so the first poll may
  // already find it failed (seen on a quiet machine) and the label goes straight to Error.
  await page.getByTestId('generate-button').click();

  const dialog = page.getByRole('dialog', { name: 'This image can’t be converted' });
  await expect(dialog).toBeVisible({ timeout: 150_000 });
  await expect(dialog).toContainText(
    /^.*No subject found in the image\. Use a photo with one clearly visible object/,
  );
  await expect(dialog).not.toContainText('Servers are busy');
  await expect(dialog).not.toContainText('isolate:');
  await expect(dialog).toContainText('Your 50 credits were refunded');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('model-status-label')).toHaveText('Error');
  await expect(page.getByTestId('download-button')).toBeDisabled();
  await expect.poll(() => balanceOf(user.id)).toBe(50);
  await expect(page.getByTestId('studio-credits')).toHaveText('50');
});

test("a file that is not an image is refused as the image's problem, and nothing is charged", async ({
  page,
  baseURL,
}) => {
  const user = await signedInStudioUser(page, baseURL!, 50);
  await page.getByTestId('upload-input').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are my notes, not a picture'.repeat(20)),
  });
  await page.getByTestId('generate-button').click();
  await expect(toast(page, 'Image not accepted')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Server Error' })).toHaveCount(0);
  await expect(page.getByText('Servers are busy')).toHaveCount(0);
  expect(await balanceOf(user.id)).toBe(50);
});

test('variants: App66 is free with low topology, App99 has no STL, App88 plays a dropped video', async ({
  page,
}) => {
  await page.goto('/app66');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Studio (App66)');
  await expect(page.getByText('No credits required on App66')).toBeVisible();
  await expect(page.getByTestId('studio-credits')).toHaveText('0');
  await expect(page.getByText(/up to 3 conversions per visitor per day/)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'High detail' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Low poly' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('preview-button')).toHaveText('3D Preview');

  await page.goto('/app99');
  await page.getByRole('button', { name: '3D format' }).click();
  await expect(page.getByRole('option')).toHaveText([/^GLB/, /^glTF/, /^OBJ/, /^FBX/]);
  await page.keyboard.press('Escape');

  await page.goto('/app');
  await page.getByRole('button', { name: '3D format' }).click();
  await expect(page.getByRole('option')).toHaveText([/^GLB/, /^glTF/, /^OBJ/, /^FBX/, /^STL/]);
  await page.keyboard.press('Escape');

  // /app88: a local video dropped into the model panel plays muted and looped; the model counts as completed.
  const dir = mkdtempSync(join(tmpdir(), 'studio-video-'));
  const clip = join(dir, 'clip.webm');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10',
    '-t',
    '1',
    '-c:v',
    'libvpx',
    clip,
  ]);
  await page.goto('/app88');
  const stage = page.getByTestId('model-stage');
  const bytes = [...readFileSync(clip)];
  // A text file is not a video: ignored.
  await stage.evaluate((el) => {
    const dt = new DataTransfer();
    dt.items.add(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId('model-video')).toHaveCount(0);
  await stage.evaluate((el, data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], 'clip.webm', { type: 'video/webm' }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, bytes);
  const video = page.getByTestId('model-video');
  await expect(video).toBeVisible();
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
  await expect(page.getByTestId('model-status-label')).toHaveText('Completed');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0)).toBe(true);

  // /app (no video drop) ignores the same drop.
  await page.goto('/app');
  await page.getByTestId('model-stage').evaluate((el, data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], 'clip.webm', { type: 'video/webm' }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, bytes);
  await expect(page.getByTestId('model-video')).toHaveCount(0);
});

test('a running conversion can be cancelled: one refund, a notice instead of "Servers are busy"', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const user = await signedInStudioUser(page, baseURL!, 50);
  await pickSample(page, 'Demo-8');
  // A video job: long enough to be cancelled while it runs.
  await page.getByTestId('preview-button').click();
  await expect(page.getByTestId('studio-credits')).toHaveText('0');
  await page.getByTestId('cancel-generation').click();
  await expect(toast(page, 'Conversion cancelled')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Servers are busy')).toHaveCount(0);
  await expect(page.getByTestId('studio-credits')).toHaveText('50', { timeout: 30_000 });
  expect(await balanceOf(user.id)).toBe(50);
  const ledger = await ledgerOf(user.id);
  expect(ledger.filter((row) => row.reason === 'generation' && row.delta === -50)).toHaveLength(1);
  expect(ledger.filter((row) => row.reason === 'refund' && row.delta === 50)).toHaveLength(1);
});
