// No control sticks out of its card on the studio pages at any width from a small phone to a wide desktop
// (the 3D Preview button once overflowed its card by 27 px at every desktop width).

import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { grantCredits } from './support/credits.ts';
import { expect, type Page, test } from './support/test.ts';

const WIDTHS = [320, 360, 390, 414, 480, 600, 640, 768, 900, 1024, 1152, 1280, 1366, 1440, 1680, 1920];
const STUDIOS = ['/app', '/app66', '/app88', '/app99'];

/** Every visible control that leaves its card's box, and any sideways scroll of the whole page. */
function overflows(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=file]), select, textarea, [role=radio], [role=tab], [role=combobox]',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const card = control.parentElement?.closest<HTMLElement>('.bg-card');
      if (!card) continue;
      // The card's inside: its border box less the border itself.
      const c = card.getBoundingClientRect();
      const inner = {
        left: c.left + card.clientLeft,
        top: c.top + card.clientTop,
        right: c.left + card.clientLeft + card.clientWidth,
        bottom: c.top + card.clientTop + card.clientHeight,
      };
      const out = Math.max(
        inner.left - box.left,
        box.right - inner.right,
        inner.top - box.top,
        box.bottom - inner.bottom,
      );
      if (out > 0.5) {
        const name = (control.getAttribute('aria-label') || control.textContent || control.tagName)
          .trim()
          .slice(0, 40);
        found.push(`${name} overflows its card by ${Math.round(out)} px`);
      }
    }
    const sideways = document.documentElement.scrollWidth - window.innerWidth;
    if (sideways > 1) found.push(`the page scrolls sideways by ${sideways} px`);
    return found;
  });
}

async function sweep(page: Page, path: string) {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    for (const p of await overflows(page)) problems.push(`${path} at ${width} px: ${p}`);
  }
  return problems;
}

test('signed out, no control overflows its card on the studio at 320–1920 px', async ({ page }) => {
  await page.goto('/app');
  await expect(page.getByTestId('generate-button')).toBeVisible();
  expect(await sweep(page, '/app')).toEqual([]);
});

test('signed in with an image picked, no control overflows its card on any studio page at 320–1920 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const who = newIdentity('layout');
  const id = await signUpByApi(baseURL!, who);
  await grantCredits(id, 12_345_678);
  await page.goto('/');
  await signInThroughDialog(page, who.email, who.password);
  const problems: string[] = [];
  for (const path of STUDIOS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await page.getByRole('button', { name: /^Demo-1:/ }).click();
    await expect(page.getByTestId('selected-file-name')).toHaveText('Demo-1.png');
    problems.push(...(await sweep(page, path)));
  }
  expect(problems).toEqual([]);
});
