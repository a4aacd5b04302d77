// The browser every journey runs in: Debian's headless shell (package chromium-headless-shell), the same
// engine as Debian's chromium without the full browser's window machinery, measured at about 0.6 of the full
// browser's CPU on the same spec files (README, "The test suite"). E2E_CHROMIUM=/usr/bin/chromium runs them
// in the full browser. (Its one whole-run failure, the landing starting its app with no visitor intent, was
// Chromium's hover update for the resting pointer: src/boot/intent.ts now ignores moves that do not move.)
export const chromiumPath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
