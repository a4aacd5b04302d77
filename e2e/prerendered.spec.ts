// Public pages arrive as HTML: fetched without running any JavaScript, each page's HTML holds its heading and
// main text (the spec's words), and in the browser React takes that markup over without a mismatch.

import { watchPageProblems } from './support/page-problems';
import { expect, test } from './support/test.ts';

interface PublicPage {
  path: string;
  title: string;
  heading: string;
  text: string[];
}

const PAGES: PublicPage[] = [
  {
    path: '/',
    title: 'Lift3D — Turn any image into a 3D model',
    heading: 'Turn any image into a real 3D model',
    text: [
      'Upload one photo, sketch or render. Lift3D isolates the subject, builds a watertight, textured mesh',
      'No subscription · Credits never expire · Commercial license included',
      'Questions, answered',
    ],
  },
  {
    path: '/about',
    title: 'About · Lift3D',
    heading: 'Everyone has ideas in 2D. We lift them into 3D.',
    text: ['Lift3D turns a single image — a photo, a sketch, a product render — into a real 3D model'],
  },
  {
    path: '/careers',
    title: 'Careers · Lift3D',
    heading: 'Build the fastest way from an idea to an object',
    text: [],
  },
  {
    path: '/contact',
    title: 'Contact · Lift3D',
    heading: 'We’re here to help',
    text: ['Questions about a model, a credit pack, an invoice or a partnership? Send us a message'],
  },
  {
    path: '/terms',
    title: 'Terms of Service · Lift3D',
    heading: 'Terms of Service',
    text: [
      'The agreement between you and Lift3D when you use the website, the studio and the models it makes.',
      'Acceptance of these terms',
      'By creating an account, buying credits or converting an image with Lift3D you agree to these Terms',
    ],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy · Lift3D',
    heading: 'Privacy Policy',
    text: [
      'What we collect when you use Lift3D, why, who helps us process it, how long we keep it',
      'Who we are',
    ],
  },
  {
    path: '/acceptable-use',
    title: 'Acceptable Use Policy · Lift3D',
    heading: 'Acceptable Use Policy',
    text: [
      'What you may and may not convert, upload or do with Lift3D.',
      'This policy applies to everything you upload to Lift3D',
    ],
  },
  {
    path: '/cookies',
    title: 'Cookie Policy · Lift3D',
    heading: 'Cookie Policy',
    text: [
      'Lift3D sets no advertising or cross-site tracking cookies.',
      'This policy explains the cookies and similar browser storage',
    ],
  },
  {
    path: '/docs/api',
    title: 'API reference · Lift3D',
    heading: 'Lift3D API',
    text: [
      'Convert images into 3D models from scripts, game pipelines and other apps, paid with your credits.',
      'Getting started',
    ],
  },
];

/** The page's words as a reader sees them: tags, comments and entities out, whitespace collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,?!])/g, '$1');
}

function headingsOf(html: string): string[] {
  return [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => visibleText(m[1] ?? '').trim());
}

for (const page of PAGES) {
  test(`${page.path} arrives as HTML with its heading and text`, async ({ request }) => {
    const res = await request.get(page.path);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain(`<title>${page.title}</title>`);
    expect(headingsOf(html)).toEqual([page.heading]);
    const text = visibleText(html);
    for (const line of page.text) expect(text).toContain(line);
    // The header and footer come with it: the page reads and navigates without JavaScript.
    expect(text).toContain('Terms of Service');
    expect(html).toContain('href="/about"');
    expect(text).not.toContain('needs JavaScript');
  });
}

test('a share link arrives as the share page shell, and signed-in areas as the empty app shell', async ({
  request,
}) => {
  const share = await (await request.get('/m/abcdefghijklmnopqrstuvwx')).text();
  expect(headingsOf(share)).toEqual(['A 3D model']);
  expect(visibleText(share)).toContain('Made with Lift3D — make your own');
  for (const path of ['/app', '/profile', '/admin']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<div id="root"></div>');
    expect(headingsOf(html), path).toEqual([]);
  }
});

test('in the browser every public page takes over its HTML without a mismatch or a second paint', async ({
  page,
}) => {
  const problems = await watchPageProblems(page);
  // The heading as parsed from the HTML, before any script of the page has run.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { parsedH1: Element | null }).parsedH1 = document.querySelector('h1');
      }
    });
  });
  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Hydrated, not drawn again: the heading React shows is the very element the HTML brought.
    const kept = await page.evaluate(() => {
      const parsed = (window as unknown as { parsedH1: Element | null }).parsedH1;
      return parsed !== null && parsed === document.querySelector('h1') && parsed.isConnected;
    });
    expect(kept, path).toBe(true);
  }
  // Links work once hydrated: the router moves between public pages without loading a new document.
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(problems).toEqual([]);
});
