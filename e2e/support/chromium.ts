// The browser every journey runs in: Debian's chromium. E2E_CHROMIUM=/usr/bin/chromium-headless-shell runs
// them in Debian's headless shell (package chromium-headless-shell), the same engine without the full
// browser's window machinery, measured at about 0.6 of the full browser's CPU on the same spec files
// (README, "The test suite"). It is not the default: in one of three whole runs the landing loaded its app
// code with no visitor intent (e2e/landing-intent.spec.ts), not yet explained.
export const chromiumPath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

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
