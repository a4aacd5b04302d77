import { type BrowserContext, test as base, type Page } from '@playwright/test';

// Every spec imports `test` and `expect` from here rather than from @playwright/test: the same API, with one
// difference. A public page arrives as prerendered HTML whose buttons are visible before React has taken them
// over, and a click in that moment does nothing; on a busy machine the moment lasts seconds. So `goto` and
// `reload` return once the app answers (index.html says <html data-app="loading">, src/App.tsx then
// "interactive"); pages that are not the app (JSON, the mail inbox, a provider's stand-in) return at once.
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

function waitForAppOnLoad(page: Page) {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
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

const watch = (context: BrowserContext) => context.on('page', waitForAppOnLoad);

export const test = base.extend({
  context: async ({ context }, use) => {
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
