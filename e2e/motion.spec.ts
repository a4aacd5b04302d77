// The studio's viewer and reduced motion: a visitor without the setting sees a turntable ("Stop turning"
// pressed), one whose system asks for less motion (every other spec's browser, see playwright.config.ts) sees a
// still model they can set turning themselves. The finished model is seeded (the conversion is studio.spec.ts's).
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { grantCredits } from './support/credits.ts';
import { rememberInStudio, seedFinished } from './support/finished.ts';
import { expect, type Page, test } from './support/test.ts';

/** The viewer's drawing as a data URL (the canvas keeps its buffer), read twice 1.5 s apart. */
async function moves(page: Page): Promise<boolean> {
  const canvas = page.getByTestId('model-panel').locator('canvas');
  const draw = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
  const before = await draw();
  await page.waitForTimeout(1_500);
  return (await draw()) !== before;
}

/** Waits until the viewer says it has drawn the model (its first frame with the model in the scene). */
async function drawn(page: Page): Promise<void> {
  await expect(page.getByTestId('model-viewer')).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 });
}

test('the studio viewer turns by default and stands still for reduced motion until asked to turn', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const who = newIdentity('motion');
  const userId = await signUpByApi(baseURL!, who);
  await grantCredits(userId, 100);
  const model = await seedFinished(userId);
  await page.goto('/app');
  await signInThroughDialog(page, who.email, who.password);
  await rememberInStudio(page, userId, { model });
  const session = await page.context().storageState();

  // Reduced motion: a still model, and the button offers to turn it.
  await page.reload();
  await expect(page.getByTestId('model-status-label')).toHaveText('Completed');
  const still = page.getByRole('button', { name: 'Turn the model' });
  await expect(still).toHaveAttribute('aria-pressed', 'false');
  await drawn(page);
  // Still: once the first frames have settled, two drawings 1.5 s apart are the same (a turning one never is).
  await expect.poll(() => moves(page), { timeout: 60_000 }).toBe(false);
  await still.click();
  await expect(page.getByRole('button', { name: 'Stop turning' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => moves(page), { timeout: 60_000 }).toBe(true);

  // No preference: the model turns from the start.
  const plain = await browser.newContext({ baseURL, storageState: session, reducedMotion: 'no-preference' });
  const other = await plain.newPage();
  await other.goto('/app');
  await expect(other.getByTestId('model-status-label')).toHaveText('Completed');
  await expect(other.getByRole('button', { name: 'Stop turning' })).toHaveAttribute('aria-pressed', 'true');
  await drawn(other);
  await expect.poll(() => moves(other), { timeout: 60_000 }).toBe(true);
  await plain.close();
});

test('spinners and skeleton pulses stop for reduced motion, and move without it', async ({
  browser,
  page,
  baseURL,
}) => {
  /** The running animation of each endless utility the app's busy states use. */
  const animations = (p: Page) =>
    p.evaluate(() =>
      ['animate-spin', 'animate-pulse'].map((name) => {
        const probe = document.createElement('span');
        probe.className = name;
        document.body.append(probe);
        const running = getComputedStyle(probe).animationName;
        probe.remove();
        return running;
      }),
    );
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await animations(page)).toEqual(['none', 'none']);

  const plain = await browser.newContext({ baseURL, reducedMotion: 'no-preference' });
  const other = await plain.newPage();
  await other.goto('/about');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await animations(other)).toEqual(['spin', 'pulse']);
  await plain.close();
});
