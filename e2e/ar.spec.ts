// "View in your room" against the real stack: a finished model (seeded from a real conversion's files; the
// conversion itself is studio.spec.ts's) on an iPhone, then the AR link in the studio result and My models on
// iOS (AR Quick Look, USDZ) and Android (Scene Viewer, GLB), none on a desktop; every link fetches the right
// file without a token. USDZ and 3MF download from My models.
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { grantCredits } from './support/credits.ts';
import { rememberInStudio, seedFinished } from './support/finished.ts';
import { expect, type Page, test } from './support/test.ts';

const SHOTS = process.env.AR_SCREENSHOTS;
const phone = {
  iphone: {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  android: {
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
};

async function myModels(page: Page) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My models' }).click();
  const row = page.getByTestId('my-model');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Completed');
  return row;
}

test('View in your room: Quick Look on iPhone, Scene Viewer on Android, none on desktop; USDZ and 3MF download', async ({
  browser,
  page,
  baseURL,
}) => {
  // The first seed of a run may make the fixture with the real engine (once per engine change).
  test.setTimeout(420_000);
  const who = newIdentity('ar');
  const userId = await signUpByApi(baseURL!, who);
  await grantCredits(userId, 100);
  const model = await seedFinished(userId);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app');
  await signInThroughDialog(page, who.email, who.password);
  // The studio's last result goes with the session (its localStorage) to the phones.
  await rememberInStudio(page, userId, { model });
  const session = await page.context().storageState();

  // The finished model in the studio on the phone; the result offers AR Quick Look on the USDZ.
  const iphone = await browser.newContext({ ...phone.iphone, baseURL, storageState: session });
  const ios = await iphone.newPage();
  await ios.goto('/app');
  await expect(ios.getByTestId('studio-credits')).toHaveText('50');
  await expect(ios.getByTestId('model-status-label')).toHaveText('Completed');
  const studioAr = ios.getByTestId('model-panel').getByTestId('ar-button');
  await expect(studioAr).toBeVisible({ timeout: 30_000 });
  await expect(studioAr).toHaveText('View in your room');
  await expect(studioAr).toHaveAttribute('rel', 'ar');
  // Quick Look only takes over a rel="ar" link whose first child is an image.
  expect(await studioAr.evaluate((a) => a.firstElementChild?.tagName)).toBe('IMG');
  const usdzHref = (await studioAr.getAttribute('href')) ?? '';
  expect(usdzHref).toMatch(
    /^http:\/\/.+\/api\/generations\/[0-9a-f-]{36}\/download\?expires=\d+&signature=[0-9a-f]+&format=usdz$/,
  );
  if (SHOTS) await ios.getByTestId('model-panel').screenshot({ path: `${SHOTS}/studio-iphone-390.png` });
  // Fetched like Quick Look does: no cookies, no token.
  const usdz = await (await fetch(usdzHref)).arrayBuffer();
  expect([...new Uint8Array(usdz, 0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  expect(new TextDecoder().decode(new Uint8Array(usdz, 30, 10))).toBe('model.usda');

  const iosRow = await myModels(ios);
  const rowAr = iosRow.getByTestId('ar-button');
  await expect(rowAr).toHaveAttribute('rel', 'ar');
  expect(await rowAr.getAttribute('href')).toMatch(/&format=usdz$/);
  if (SHOTS) await iosRow.screenshot({ path: `${SHOTS}/my-models-iphone-390.png` });
  // The AR button fits inside its row: nothing of the row spills sideways.
  const fit = await iosRow.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.client);
  const [rowBox, arBox] = [await iosRow.boundingBox(), await rowAr.boundingBox()];
  expect(arBox!.x + arBox!.width, JSON.stringify({ rowBox, arBox })).toBeLessThanOrEqual(
    rowBox!.x + rowBox!.width,
  );
  await iphone.close();

  // Android: the Scene Viewer intent carries the signed GLB link.
  const pixel = await browser.newContext({ ...phone.android, baseURL, storageState: session });
  const android = await pixel.newPage();
  const androidAr = (await myModels(android)).getByTestId('ar-button');
  await expect(androidAr).toBeVisible();
  expect(await androidAr.getAttribute('rel')).toBeNull();
  const intent = (await androidAr.getAttribute('href')) ?? '';
  expect(intent).toMatch(/^intent:\/\/arvr\.google\.com\/scene-viewer\/1\.0\?file=/);
  expect(intent).toContain(';package=com.google.android.googlequicksearchbox;');
  const glbHref =
    new URLSearchParams(intent.slice(intent.indexOf('?') + 1, intent.indexOf('#'))).get('file') ?? '';
  expect(glbHref).toMatch(/\/download\?expires=\d+&signature=[0-9a-f]+&format=glb$/);
  const glb = await fetch(glbHref);
  expect(glb.headers.get('content-type')).toBe('model/gltf-binary');
  expect(new TextDecoder().decode((await glb.arrayBuffer()).slice(0, 4))).toBe('glTF');
  if (SHOTS) await android.screenshot({ path: `${SHOTS}/my-models-android-412.png` });
  await pixel.close();

  // Desktop: no AR button; the download menu lists USDZ and 3MF with the five.
  const row = await myModels(page);
  await expect(row.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(page.getByTestId('ar-button')).toHaveCount(0);
  await row.getByRole('button', { name: 'Download' }).click();
  for (const label of ['GLB', 'glTF', 'OBJ (.zip)', 'FBX', 'STL', 'USDZ (AR)', '3MF (print)']) {
    await expect(page.getByRole('menuitem', { name: label, exact: true })).toBeVisible();
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/my-models-desktop-1440.png` });
  const [print] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: '3MF (print)' }).click(),
  ]);
  expect(print.suggestedFilename()).toMatch(/\.3mf$/);
  await page.goto('/app');
  await expect(page.getByTestId('ar-button')).toHaveCount(0);
});
