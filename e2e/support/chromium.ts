// The browser every journey runs in. Debian's headless shell (package chromium-headless-shell) when it is
// installed: the same engine without the full browser's window machinery and wrapper script, measured at
// about 0.6 of the full browser's CPU on the same spec files (README, "The test suite"). E2E_CHROMIUM names
// another binary; without the shell, Debian's chromium.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const chromiumPath =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

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
