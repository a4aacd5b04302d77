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

test('the stylesheet goes inline in place of its link, and only the template link is replaced', () => {
  const template = TEMPLATE.replace(
    '</title>',
    '</title>\n    <link rel="stylesheet" crossorigin href="/assets/index-a.css">',
  );
  const asked: string[] = [];
  const html = pageDocument(
    template,
    '/',
    // The page's own text mentions a stylesheet link: it must stay as it is.
    { html: '<p>&lt;link rel="stylesheet" href="/x.css"&gt;</p>', title: 'Lift3D' },
    {
      needsScript: false,
      stylesheet: (href) => {
        asked.push(href);
        return '.a{color:red}';
      },
    },
  );
  expect(asked).toEqual(['/assets/index-a.css']);
  expect(html).toContain('<style>.a{color:red}</style>');
  expect(html).not.toContain('href="/assets/index-a.css"');
  expect(html).toContain('<p>&lt;link rel="stylesheet" href="/x.css"&gt;</p>');
  // A stylesheet that would end the <style> element early is refused, as is a template without the link.
  expect(() =>
    pageDocument(
      template,
      '/',
      { html: '', title: '' },
      { needsScript: false, stylesheet: () => '</style>' },
    ),
  ).toThrow(/close its <style>/);
  expect(() =>
    pageDocument(TEMPLATE, '/', { html: '', title: '' }, { needsScript: false, stylesheet: () => '' }),
  ).toThrow(/no stylesheet link/);
});
