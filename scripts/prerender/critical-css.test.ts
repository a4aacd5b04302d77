import { expect, test } from 'vitest';
import { classNames, criticalCss } from './critical-css.ts';

test('class names come from class attributes only, each once, entities decoded', () => {
  const html =
    '<div class="flex  p-4"><a class="p-4 [&amp;>svg]:size-4" data-x="not-a-class">x</a><p>class="no"</p></div>';
  expect(classNames(html)).toEqual(['flex', 'p-4', '[&>svg]:size-4']);
});

test("the page's CSS has the rules of the classes it uses and not those of others", async () => {
  const css = await criticalCss(
    '<main class="bg-neural px-4 md:px-8"><h1 class="text-gradient">Hi</h1></main>',
  );
  // Utilities, a responsive variant and the app's own @utility rules from src/index.css.
  expect(css).toMatch(/\.px-4\{/);
  expect(css).toMatch(/@media \(min-width:48rem\)\{\.md\\:px-8\{/);
  expect(css).toMatch(/\.bg-neural\{/);
  expect(css).toMatch(/\.text-gradient\{/);
  // The theme tokens every page relies on come along.
  expect(css).toContain('--background:');
  expect(css).not.toMatch(/\.py-4\{|\.grid\{|\.md\\:px-4\{/);
});
