import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { contentSecurityPolicy, staticHostHeadersFile } from '../src/security-headers.ts';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1);

test('the static host serves the same headers as the local stack (public/_headers is generated)', () => {
  const file = readFileSync(new URL('../../public/_headers', import.meta.url), 'utf8');
  expect(file).toBe(staticHostHeadersFile());
});

test('PayPal origins are allowed only when PayPal is on; nothing else runs scripts or frames the app', () => {
  const demo = contentSecurityPolicy();
  expect(directive(demo, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(directive(demo, 'frame-src')).toEqual(["'none'"]);
  expect(directive(demo, 'frame-ancestors')).toEqual(["'none'"]);
  expect(directive(demo, 'object-src')).toEqual(["'none'"]);
  const paypal = contentSecurityPolicy({ paypal: true });
  expect(directive(paypal, 'script-src')).toContain('https://*.paypal.com');
  expect(directive(paypal, 'frame-src')).toContain('https://*.paypal.com');
  expect(directive(paypal, 'script-src')).not.toContain("'unsafe-inline'");
  expect(directive(paypal, 'script-src')).not.toContain("'unsafe-eval'");
});
