/**
 * Whether React is taking a prerendered page's markup over right now: from hydrateRoot until the first
 * render's effects have run (src/start.tsx). An effect that would move the page on mount (a deep link's jump
 * to its section) skips it then: the browser has already placed that HTML, and the visitor may have read on
 * since (on the landing the app starts only on the visitor's first intent, src/boot/intent.ts).
 */
let active = false;

export const takeover = {
  begin(): void {
    active = true;
  },
  end(): void {
    active = false;
  },
  get active(): boolean {
    return active;
  },
};
