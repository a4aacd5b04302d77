import type { Page } from '@playwright/test';

/**
 * The page's timers moved by the test. A rule such as "the error clears after 4 s" is checked by moving the
 * page's clock past each side of the 4 s, not by sleeping beside it: on a busy machine a sleep overshoots and
 * a late check reads the next state, so sleep-based windows fail at random.
 *
 * `install` goes before `goto` (time still flows as usual); `hold` stops it just before the action whose timer
 * is under test, so that timer starts on the held clock and only `advance` brings it closer.
 */
export const pageClock = (page: Page) => ({
  install: () => page.clock.install(),
  async hold() {
    // A moment ahead of the page's own time, which keeps flowing while this call travels; on a very busy
    // machine that moment can already be past when the call lands ("Cannot fast-forward to the past"), so
    // aim further ahead. Nothing under test has started a timer yet, so the jump changes nothing it checks.
    for (const ahead of [1_000, 5_000, 30_000]) {
      const now = await page.evaluate(() => Date.now());
      try {
        await page.clock.pauseAt(now + ahead);
        return;
      } catch (error) {
        if (!String(error).includes('to the past')) throw error;
      }
    }
    throw new Error('the page clock kept running past every moment it was asked to stop at');
  },
  advance: (ms: number) => page.clock.runFor(ms),
  /** Time flows as usual again (for what follows a checked rule, such as a closing transition). */
  release: () => page.clock.resume(),
});
