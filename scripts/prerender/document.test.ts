import { expect, test } from 'vitest';
import { pageDocument } from './document.ts';

const TEMPLATE = `<!doctype html><html><head><title>Lift3D — site</title></head><body>
    <div id="root"></div>
    <noscript>Lift3D needs JavaScript to run.</noscript>
    <script type="module" src="/assets/index-x.js"></script>
  </body></html>`;

test('the page goes inside #root, marked with its path, under its own title', () => {
  const html = pageDocument(
    TEMPLATE,
    '/about',
    { html: '<h1>About $& us</h1>', title: 'About · Lift3D' },
    { needsScript: false },
  );
  // `$&` is the kind of text a naive String.replace would turn into the matched markup.
  expect(html).toContain('<div id="root" data-prerendered="/about"><h1>About $& us</h1></div>');
  expect(html).toContain('<title>About · Lift3D</title>');
  expect(html).not.toContain('Lift3D — site');
  expect(html).not.toContain('<noscript>');
  expect(html).toContain('<script type="module" src="/assets/index-x.js"></script>');
});

test('a page that needs JavaScript keeps the notice; a template without #root is refused', () => {
  const shell = pageDocument(
    TEMPLATE,
    '/m/x',
    { html: '<p>shell</p>', title: 'T & <b>' },
    { needsScript: true },
  );
  expect(shell).toContain('<noscript>');
  expect(shell).toContain('<title>T &amp; &lt;b&gt;</title>');
  expect(() =>
    pageDocument(
      '<title>x</title><div id="app"></div>',
      '/',
      { html: '', title: '' },
      { needsScript: false },
    ),
  ).toThrow(/no <div id="root"><\/div>/);
});
