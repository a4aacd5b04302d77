// The share page against the real stack: a finished 3D Preview (seeded from a real conversion's files; the
// conversion itself is studio.spec.ts's), shared from the studio result,
// opened signed out (viewer and turntable, AR only on a phone, downloads only when allowed), the crawler's
// raw HTML with the model's Open Graph tags, nothing of the owner anywhere, and Stop sharing → 404 at once.

import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { grantCredits } from './support/credits.ts';
import { rememberInStudio, seedFinished } from './support/finished.ts';
import { type Browser, expect, type Page, test } from './support/test.ts';

const SHOTS = process.env.SHARE_SCREENSHOTS;
const iphone = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** The tag's content in raw HTML (attribute order as the server writes it). */
function meta(html: string, key: string): string | null {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<meta (?:property|name)="${escaped}" content="([^"]*)" />`).exec(html)?.[1] ?? null;
}

async function visitor(browser: Browser, baseURL: string, phone = false) {
  const context = await browser.newContext(
    phone ? { ...iphone, baseURL } : { baseURL, viewport: { width: 1280, height: 900 } },
  );
  return { context, page: await context.newPage() };
}

async function expectViewerAndVideo(page: Page) {
  await expect(page.getByTestId('share-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A 3D model and turntable video');
  await expect(page.getByTestId('model-canvas')).toBeVisible({ timeout: 60_000 });
  // The model is drawn, not only its canvas shown (a phone once got an empty viewer here).
  await expect(page.getByTestId('model-viewer')).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 });
  const painted = await page
    .getByTestId('model-canvas')
    .locator('canvas')
    .evaluate((c: HTMLCanvasElement) => {
      const probe = document.createElement('canvas');
      probe.width = 64;
      probe.height = 64;
      const g = probe.getContext('2d')!;
      g.drawImage(c, 0, 0, 64, 64);
      const px = g.getImageData(0, 0, 64, 64).data;
      let opaque = 0;
      for (let i = 3; i < px.length; i += 4) if (px[i] > 0) opaque++;
      return opaque / (64 * 64);
    });
  // The canvas is transparent where nothing is drawn: the model and its shadow cover part of it.
  expect(painted).toBeGreaterThan(0.02);
  const video = page.getByTestId('share-video');
  await expect(video).toBeVisible();
  // The browser reads the share's file as a real video (its size and length; how far it decodes ahead
  // depends on the machine's load and the phone's data saving, so that is not asserted).
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => !v.error && v.videoWidth > 0 && v.duration > 0), {
      timeout: 60_000,
    })
    .toBe(true);
  await expect(page.getByText('Made with Lift3D — make your own')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Make your own 3D model' })).toHaveAttribute('href', '/app');
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page).toHaveTitle('Shared 3D model · Lift3D');
}

test('share a model: public page signed out, Open Graph tags, downloads only when allowed, revoke → 404', async ({
  browser,
  page,
  baseURL,
}) => {
  // The first seed of a run may make the fixture with the real engine (once per engine change).
  test.setTimeout(900_000);
  const who = newIdentity('share');
  const userId = await signUpByApi(baseURL!, who);
  await grantCredits(userId, 100);
  const preview = await seedFinished(userId, { kind: 'video' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/app');
  await signInThroughDialog(page, who.email, who.password);
  await rememberInStudio(page, userId, { preview });
  await page.reload();
  await expect(page.getByTestId('preview-status-label')).toHaveText('Completed');
  await expect(page.getByTestId('studio-credits')).toHaveText('50');

  // Share from the studio result: a 24-character link on this origin, downloads off.
  const panel = page.getByTestId('model-panel');
  await panel.getByTestId('share-button').click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByTestId('share-create').click();
  const linkField = dialog.getByTestId('share-link');
  await expect(linkField).toHaveValue(/\/m\/[A-Za-z0-9_-]{24}$/);
  const link = await linkField.inputValue();
  expect(link.startsWith(`${baseURL}/m/`)).toBe(true);
  const slug = link.slice(link.lastIndexOf('/') + 1);
  await expect(dialog.getByTestId('share-downloads')).toHaveAttribute('aria-checked', 'false');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/share-dialog-1280.png` });
  await page.keyboard.press('Escape');

  // What a crawler fetches: the share page's prerendered shell with the model's own tags; og:image is the
  // poster, fetchable as is.
  const raw = await fetch(link);
  expect(raw.status).toBe(200);
  expect(raw.headers.get('cache-control')).toBe('no-store');
  const html = await raw.text();
  expect(meta(html, 'og:title')).toBe('A 3D model and turntable video made with Lift3D');
  expect(meta(html, 'og:description')).toMatch(/^Turn it around in your browser and see it in your room/);
  expect(meta(html, 'og:url')).toBe(link);
  expect(meta(html, 'og:image')).toBe(`${baseURL}/api/share/${slug}/poster`);
  expect(meta(html, 'twitter:card')).toBe('summary_large_image');
  expect(html).toContain('<div id="root" data-prerendered="/m/');
  expect(html).toContain('Made with Lift3D — make your own');
  const poster = await fetch(meta(html, 'og:image')!);
  expect(poster.status).toBe(200);
  expect(poster.headers.get('content-type')).toMatch(/^image\/(webp|png)$/);
  expect((await poster.arrayBuffer()).byteLength).toBeGreaterThan(1000);

  // Nothing of the owner in the api's answer or the HTML.
  const answer = await (await fetch(`${baseURL}/api/share/${slug}`)).text();
  for (const text of [answer, html]) {
    for (const secret of [who.email, who.name, userId, '"credits"', '"user']) {
      expect(text.includes(secret), `${secret} must not appear`).toBe(false);
    }
  }

  // Signed out on a desktop: viewer and turntable, no AR button, no downloads.
  const desk = await visitor(browser, baseURL!);
  await desk.page.goto(`/m/${slug}`);
  await expectViewerAndVideo(desk.page);
  await expect(desk.page.getByTestId('ar-button')).toHaveCount(0);
  await expect(desk.page.getByTestId('share-downloads')).toHaveCount(0);
  // The whole document (text, attributes, links) names nothing of the owner; the page shows no balance.
  const pageHtml = await desk.page.content();
  for (const secret of [who.email, who.name, userId]) expect(pageHtml).not.toContain(secret);
  expect(await desk.page.locator('main').textContent()).not.toMatch(/credits|\b50\b/i);
  if (SHOTS) await desk.page.screenshot({ path: `${SHOTS}/share-page-1280.png`, fullPage: true });

  // On an iPhone: "View in your room" opens the share's USDZ in AR Quick Look, without any token.
  const phone = await visitor(browser, baseURL!, true);
  await phone.page.goto(`/m/${slug}`);
  await expectViewerAndVideo(phone.page);
  const ar = phone.page.getByTestId('ar-button');
  await expect(ar).toHaveText('View in your room');
  await expect(ar).toHaveAttribute('rel', 'ar');
  const usdzHref = (await ar.getAttribute('href')) ?? '';
  expect(usdzHref).toMatch(
    new RegExp(`^${baseURL}/api/share/${slug}/file\\?expires=\\d+&signature=[0-9a-f]+&format=usdz$`),
  );
  const usdz = new Uint8Array(await (await fetch(usdzHref)).arrayBuffer());
  expect([...usdz.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  await expect(phone.page.getByTestId('share-downloads')).toHaveCount(0);
  if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/share-page-390.png`, fullPage: true });
  const stlWhileOff = await fetch(usdzHref.replace(/format=usdz$/, 'format=stl'));
  expect(stlWhileOff.status).toBe(404);

  // The owner allows downloads (from My models this time): the visitor gets every format.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My models' }).click();
  const row = page.getByTestId('my-model');
  await expect(row).toHaveCount(1);
  await row.getByTestId('share-button').click();
  await expect(dialog.getByTestId('share-link')).toHaveValue(link);
  await dialog.getByTestId('share-downloads').click();
  await expect(dialog.getByTestId('share-downloads')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await desk.page.reload();
  const downloads = desk.page.getByTestId('share-downloads');
  await expect(downloads).toBeVisible();
  for (const name of ['GLB', 'glTF', 'OBJ (.zip)', 'FBX', 'STL', 'USDZ (AR)', '3MF (print)', 'MP4 video']) {
    await expect(downloads.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const [stl] = await Promise.all([
    desk.page.waitForEvent('download'),
    downloads.getByRole('link', { name: 'STL', exact: true }).click(),
  ]);
  expect(stl.suggestedFilename()).toMatch(/\.stl$/);
  if (SHOTS) await desk.page.screenshot({ path: `${SHOTS}/share-page-downloads-1280.png`, fullPage: true });

  // Stop sharing: the page, the api and every file link are gone at once; no tag of the model remains.
  await row.getByTestId('share-button').click();
  await dialog.getByTestId('share-stop').click();
  await expect(dialog.getByTestId('share-create')).toBeVisible();
  const dead = await fetch(link);
  expect(dead.status).toBe(404);
  const deadHtml = await dead.text();
  expect(deadHtml).not.toContain(slug);
  expect(meta(deadHtml, 'og:image')).toBeNull();
  expect((await fetch(`${baseURL}/api/share/${slug}`)).status).toBe(404);
  expect((await fetch(usdzHref)).status).toBe(404);
  expect((await fetch(`${baseURL}/api/share/${slug}/poster`)).status).toBe(404);
  await desk.page.reload();
  await expect(desk.page.getByTestId('share-gone')).toBeVisible();
  await expect(desk.page.getByRole('heading', { level: 1 })).toHaveText('This link is not shared');
  await expect(desk.page.getByTestId('model-canvas')).toHaveCount(0);

  // Sharing again makes a new link; the old one stays dead.
  await dialog.getByTestId('share-create').click();
  await expect(dialog.getByTestId('share-link')).toHaveValue(/\/m\/[A-Za-z0-9_-]{24}$/);
  const again = await dialog.getByTestId('share-link').inputValue();
  expect(again).not.toBe(link);
  expect((await fetch(again)).status).toBe(200);
  expect((await fetch(link)).status).toBe(404);
  await desk.context.close();
  await phone.context.close();
});
