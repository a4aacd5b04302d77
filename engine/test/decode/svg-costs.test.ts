/**
 * SVGs that are cheap to send and costly to draw are refused before resvg runs, and an ordinary filtered
 * SVG still rasterises. Each hostile case here kept resvg busy for minutes (or without end) before.
 */

import { checkSvg, SVG_LIMITS } from '@lift3d/common/input-checks/svg.ts';
import { describe, expect, it } from 'vitest';
import { rasteriseSvg } from '../../src/decode/svg.ts';
import { EngineError } from '../../src/index.ts';

const svg = (body: string, attrs = 'width="200" height="200"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs}>${body}</svg>`;

const octaveBomb = svg(
  '<filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="2000"/></filter><rect width="200" height="200" filter="url(#f)"/>',
);

/** Ten levels of ten `<use>` copies of the level below: 10¹⁰ rectangles once expanded. */
function useFanOut(levels: number, copies: number): string {
  let defs = '<g id="l0"><rect width="1" height="1"/></g>';
  for (let l = 1; l <= levels; l++) {
    const uses = Array.from({ length: copies }, () => `<use href="#l${l - 1}"/>`).join('');
    defs += `<g id="l${l}">${uses}</g>`;
  }
  return svg(`<defs>${defs}</defs><use xlink:href="#l${levels}"/>`);
}

function refusal(text: string) {
  try {
    rasteriseSvg(new TextEncoder().encode(text));
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    return error as EngineError;
  }
  throw new Error('expected the SVG to be refused');
}

describe('costly SVG features are refused before rasterising', () => {
  it('a turbulence filter with 2000 octaves', () => {
    const e = refusal(octaveBomb);
    expect(e.code).toBe('input_too_large');
    expect(e.message).toMatch(/^decode: this SVG uses a turbulence filter with 2000 octaves/);
  });

  it('exponential <use> fan-out, through href and xlink:href', () => {
    const e = refusal(useFanOut(10, 10));
    expect(e.code).toBe('input_too_large');
    expect(e.message).toMatch(/shapes once its <use> copies are drawn/);
  });

  it('a <use> cycle', () => {
    const e = refusal(svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'));
    expect(e.code).toBe('input_too_large');
  });

  it('too many filter primitives, huge blur and morphology radii, large kernels', () => {
    const blurs = Array.from({ length: 65 }, () => '<feGaussianBlur stdDeviation="1"/>').join('');
    expect(refusal(svg(`<filter id="f">${blurs}</filter>`)).message).toMatch(/more than 64 filter effects/);
    expect(refusal(svg('<filter id="f"><feGaussianBlur stdDeviation="5 100000"/></filter>')).message).toMatch(
      /filter radius of 5 100000/,
    );
    expect(refusal(svg('<filter id="f"><feMorphology radius="1e9"/></filter>')).code).toBe('input_too_large');
    expect(
      refusal(svg('<filter id="f"><feConvolveMatrix order="99" kernelMatrix="1"/></filter>')).message,
    ).toMatch(/order 99/);
  });

  it('filters drawn too often: 30 ten-octave turbulences, a filtered shape in 1,000 <use> copies, filters from <style>', () => {
    const turbulence = (id: string) =>
      `<filter id="${id}">${'<feTurbulence numOctaves="10"/>'.repeat(30)}</filter>`;
    expect(refusal(svg(`${turbulence('f')}<rect width="9" height="9" filter="url(#f)"/>`)).message).toMatch(
      /64 filter passes/,
    );
    const blur = '<filter id="b"><feGaussianBlur stdDeviation="2"/></filter>';
    const copies = Array.from({ length: 1000 }, () => '<use href="#r"/>').join('');
    expect(
      refusal(svg(`${blur}<rect id="r" width="9" height="9" filter="url(#b)"/>${copies}`)).message,
    ).toMatch(/filter passes/);
    const styled = `${blur}<style>rect { filter: url(#b) }</style>${'<rect width="1" height="1"/>'.repeat(300)}`;
    expect(refusal(svg(styled)).message).toMatch(/filter passes/);
    // The same shapes without the style sheet's filter are fine.
    expect(checkSvg(svg(`${blur}${'<rect width="1" height="1"/>'.repeat(300)}`))).toBeNull();
  });

  it('an absurd aspect ratio that would rasterise past the pixel budget', () => {
    const e = refusal(svg('<rect width="1" height="1"/>', 'width="1" height="100000"'));
    expect(e.code).toBe('input_too_large');
  });

  it('scripts are still refused first', () => {
    expect(refusal(svg('<script>alert(1)</script>')).code).toBe('unsafe_svg');
  });
});

describe('ordinary SVGs still rasterise', () => {
  it('a soft shadow, a little turbulence and a few <use> copies', () => {
    const text = svg(
      '<defs><filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="4"/><feGaussianBlur stdDeviation="3"/></filter>' +
        '<circle id="c" cx="20" cy="20" r="15" fill="#c44"/></defs>' +
        '<rect width="200" height="200" fill="#fff" filter="url(#f)"/><use href="#c"/><use href="#c" x="100"/>',
    );
    expect(checkSvg(text)).toBeNull();
    const image = rasteriseSvg(new TextEncoder().encode(text), { size: 128 });
    expect(image.width).toBe(128);
    expect(image.data.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
  });

  it('the limits are options', () => {
    expect(checkSvg(octaveBomb, { maxOctaves: 5000, maxFilterPasses: 5000 })).toBeNull();
    expect(checkSvg(useFanOut(3, 10), { maxExpandedElements: 100 })?.code).toBe('input_too_large');
    expect(checkSvg(useFanOut(3, 10))).toBeNull();
    expect(SVG_LIMITS.maxOctaves).toBeLessThan(2000);
  });
});
