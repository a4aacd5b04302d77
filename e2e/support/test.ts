import { type BrowserContext, test as base, type Page } from '@playwright/test';

// Every spec imports `test` and `expect` from here rather than from @playwright/test: the same API, with one
// difference. A public page arrives as prerendered HTML whose buttons are visible before React has taken them
// over, and a click in that moment does nothing; on a busy machine the moment lasts seconds. So `goto` and
// `reload` return once the app answers (index.html says <html data-app="loading">, src/App.tsx then
// "interactive"); pages that are not the app (JSON, the mail inbox, a provider's stand-in) return at once.
//
// And, as playwright.config.ts makes every visitor one who asked for reduced motion, every page here is one
// whose system asked for less transparency (prefers-reduced-transparency, which Playwright has no option
// for: set through the DevTools protocol before the page's first navigation). The product then draws no
// frosted glass, whose blurs were about three quarters of the software GPU process's time on plain pages.
// `test.use({ reducedTransparency: false })` shows a spec the frosted default (e2e/shell.spec.ts).
export * from '@playwright/test';

async function appInteractive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      // index.html marks <html data-app="loading">; other pages (JSON, the mail inbox, a stand-in) have no mark.
      const mark = document.documentElement.dataset.app;
      return mark === undefined || mark === 'interactive';
    },
    undefined,
    { polling: 50 },
  );
}

const patched = new WeakSet<Page>();

/**
 * Asks the page's media to report prefers-reduced-transparency: reduce (kept across navigations). The
 * session stays attached: detaching it takes its emulation back.
 */
async function reduceTransparency(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setEmulatedMedia', {
    features: [{ name: 'prefers-reduced-transparency', value: 'reduce' }],
  });
}

function patchPage(page: Page, lessTransparency: boolean) {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  // A page closed before the emulation landed has nothing to show; its navigation reports that itself.
  const media = lessTransparency ? reduceTransparency(page).catch(() => {}) : Promise.resolve();
  page.goto = async (url, options) => {
    await media;
    const response = await goto(url, options);
    await appInteractive(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await appInteractive(page);
    return response;
  };
}

/**
 * The running test's `reducedTransparency`, read when a page opens: the test's own context is made through
 * the worker's patched `browser.newContext` before the test's fixtures run, so the choice cannot be bound then.
 */
let lessTransparency = true;

const watch = (context: BrowserContext) => context.on('page', (page) => patchPage(page, lessTransparency));

export const test = base.extend<{ reducedTransparency: boolean }>({
  reducedTransparency: [true, { option: true }],
  context: async ({ context, reducedTransparency }, use) => {
    lessTransparency = reducedTransparency;
    watch(context);
    await use(context);
  },
  // Contexts a spec opens itself (a phone, a second user) get the same pages.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => watch(await newContext(options));
      await use(browser);
    },
    { scope: 'worker' },
  ],
});
