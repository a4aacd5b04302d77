/**
 * What an SVG would cost to rasterise, judged from its text before any renderer sees it. Shared by the
 * api (refuses before the charge) and the engine (refuses before resvg), so both say the same thing.
 *
 * notes: resvg has no time budget of its own. A 284-byte filter with `numOctaves="2000"` kept a worker busy
 * for 83 s, and `<use>` chains multiply the drawn elements exponentially (each level draws the previous one
 * several times). Counting the expanded element tree up front bounds both; the worker's wall-clock limit
 * catches whatever slips through.
 */

export interface SvgLimits {
  /** Filter primitives (`<feGaussianBlur>`, `<feTurbulence>`, …) in the whole document. */
  maxFilterPrimitives: number;
  /** feTurbulence octaves; past about 10 further octaves are below one pixel anyway. */
  maxOctaves: number;
  /** feMorphology radius and feGaussianBlur stdDeviation, in user units. */
  maxFilterRadius: number;
  /** feConvolveMatrix order (the kernel is order² per pixel). */
  maxKernelOrder: number;
  /** Elements drawn once every `<use>` is expanded. */
  maxExpandedElements: number;
  /**
   * Filter passes drawn in all: each filtered element drawn (its `<use>` copies too) costs its filter's
   * primitives plus its extra turbulence octaves. One pass over a 1024² canvas took 40–270 ms here.
   */
  maxFilterPasses: number;
  /** Longest side the engine rasterises to, and the pixel budget at that size. */
  rasterSize: number;
  maxPixels: number;
}

export const SVG_LIMITS: SvgLimits = {
  maxFilterPrimitives: 64,
  maxOctaves: 10,
  maxFilterRadius: 200,
  maxKernelOrder: 9,
  maxExpandedElements: 50_000,
  maxFilterPasses: 64,
  rasterSize: 1024,
  maxPixels: 40_000_000,
};

type SvgProblemCode = 'unsafe_svg' | 'input_too_large' | 'corrupt_image';

export interface SvgProblem {
  code: SvgProblemCode;
  /** Shown to the user as is: what is wrong and what to do. */
  message: string;
}

const UNSAFE: { pattern: RegExp; what: string }[] = [
  { pattern: /<script[\s>]/i, what: 'a script' },
  { pattern: /\son[a-z]+\s*=/i, what: 'event-handler scripts' },
  { pattern: /<foreignObject[\s>]/i, what: 'embedded HTML' },
  { pattern: /<!ENTITY/i, what: 'XML entities' },
  { pattern: /javascript:/i, what: 'a script link' },
];

/** Any href / xlink:href / url() that is not an in-document fragment or an inline data: URI. */
const EXTERNAL_REF =
  /(?:href\s*=\s*["']\s*(?!#|data:)[^"']+["'])|(?:url\(\s*["']?\s*(?!#|data:)[^)]+\))|@import/i;

const costly = (what: string): SvgProblem => ({
  code: 'input_too_large',
  message: `This SVG uses ${what}, more than Lift3D renders. Simplify it or export it as a PNG, and upload it again.`,
});

interface Element {
  name: string;
  attrs: string;
  children: Element[];
}

/** A tag-level reading of the document: enough to count and follow references, not a validating parser. */
function parseElements(text: string): Element[] | null {
  const root: Element = { name: '#root', attrs: '', children: [] };
  const stack: Element[] = [root];
  // Comments, CDATA and processing instructions carry no drawable elements.
  const body = text.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>/gi, '');
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    const [, closing, name, attrs, selfClosing] = m;
    if (closing) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const element: Element = { name, attrs, children: [] };
    stack[stack.length - 1].children.push(element);
    if (!selfClosing) stack.push(element);
    if (stack.length > 1024) return null;
  }
  return root.children;
}

const attr = (attrs: string, name: string): string | null => {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attrs);
  return m ? (m[1] ?? m[2]) : null;
};

const numbers = (value: string | null): number[] =>
  (value ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

interface Expansion {
  /** Elements drawn once every `<use>` is expanded. */
  elements: number;
  /** Filter passes drawn: per filtered element drawn, its filter's primitives plus extra octaves. */
  filterPasses: number;
}

/** A filter's passes: one per primitive, plus each turbulence octave beyond the first. */
function filterCost(filter: Element): number {
  let cost = 0;
  const visit = (e: Element) => {
    const name = e.name.toLowerCase();
    if (isPrimitive(name)) cost++;
    if (name === 'feturbulence') cost += Math.max(0, Number(attr(e.attrs, 'numOctaves') ?? 1) - 1) || 0;
    e.children.forEach(visit);
  };
  filter.children.forEach(visit);
  return cost;
}

const FILTER_REF = /filter\s*[:=]\s*["']?\s*url\(\s*["']?#([^"')\s]+)/i;

/**
 * What drawing the document costs after expanding `<use>` (ids resolved once; a cycle counts as
 * unbounded). Stops counting past the caps, so a billion-fold fan-out costs no more than the caps to judge.
 */
function expand(roots: Element[], caps: Expansion, styleFilters: string[]): Expansion {
  const byId = new Map<string, Element>();
  const visit = (e: Element) => {
    const id = attr(e.attrs, 'id');
    if (id && !byId.has(id)) byId.set(id, e);
    e.children.forEach(visit);
  };
  roots.forEach(visit);
  // A filter named in a <style> sheet may apply to any element: count it on every one (an upper bound).
  const everyElement = Math.max(
    0,
    ...styleFilters.map((id) => (byId.has(id) ? filterCost(byId.get(id)!) : 0)),
  );
  const over = (x: Expansion) => x.elements > caps.elements || x.filterPasses > caps.filterPasses;
  const memo = new Map<Element, Expansion>();
  const active = new Set<Element>();
  const unbounded = { elements: Number.POSITIVE_INFINITY, filterPasses: Number.POSITIVE_INFINITY };
  const size = (e: Element): Expansion => {
    const known = memo.get(e);
    if (known) return known;
    if (active.has(e)) return unbounded;
    active.add(e);
    const total: Expansion = { elements: 1, filterPasses: everyElement };
    const filterId = FILTER_REF.exec(e.attrs)?.[1];
    const filter = filterId ? byId.get(filterId) : undefined;
    if (filter) total.filterPasses += filterCost(filter);
    const add = (x: Expansion) => {
      total.elements += x.elements;
      total.filterPasses += x.filterPasses;
    };
    for (const child of e.children) {
      if (over(total)) break;
      add(size(child));
    }
    if (e.name.toLowerCase() === 'use' && !over(total)) {
      const href = attr(e.attrs, 'href') ?? attr(e.attrs, 'xlink:href');
      const target = href?.startsWith('#') ? byId.get(href.slice(1)) : undefined;
      if (target) add(size(target));
    }
    active.delete(e);
    memo.set(e, total);
    return total;
  };
  const total: Expansion = { elements: 0, filterPasses: 0 };
  for (const r of roots) {
    if (over(total)) break;
    const x = size(r);
    total.elements += x.elements;
    total.filterPasses += x.filterPasses;
  }
  return total;
}

const isPrimitive = (name: string) =>
  name.startsWith('fe') && !/^fe(func[rgba]|(distant|point|spot)light|mergenode)$/.test(name);

/**
 * The root's width, height and viewBox give the aspect the engine rasterises at (longest side =
 * rasterSize); zero when the short side would shrink below one pixel, which resvg cannot draw.
 */
function rasterPixels(root: Element, rasterSize: number): number | null {
  const length = (v: string | null) => {
    const m = /^\s*([0-9]*\.?[0-9]+(?:e[+-]?\d+)?)\s*(px|pt|pc|mm|cm|in)?\s*$/i.exec(v ?? '');
    return m ? Number(m[1]) : null;
  };
  const box = numbers(attr(root.attrs, 'viewBox'));
  let w = length(attr(root.attrs, 'width'));
  let h = length(attr(root.attrs, 'height'));
  if (box.length === 4 && box[2] > 0 && box[3] > 0) {
    w ??= box[2];
    h ??= box[3];
  }
  if (w === null || h === null || !(w > 0 && h > 0)) return null;
  const scale = rasterSize / Math.max(w, h);
  if (Math.min(w, h) * scale < 1) return 0;
  return Math.round(w * scale) * Math.round(h * scale);
}

/** The first problem of this SVG, or null when it is safe and cheap enough to rasterise. */
export function checkSvg(text: string, options: Partial<SvgLimits> = {}): SvgProblem | null {
  const limits = { ...SVG_LIMITS, ...options };
  for (const { pattern, what } of UNSAFE) {
    if (pattern.test(text)) {
      return {
        code: 'unsafe_svg',
        message: `This SVG contains ${what}, which Lift3D never runs. Save it as a plain SVG without scripts, or as a PNG, and upload it again.`,
      };
    }
  }
  if (EXTERNAL_REF.test(text)) {
    return {
      code: 'unsafe_svg',
      message:
        'This SVG refers to external files or web addresses, which Lift3D never follows. Embed the images in the SVG, or export it as a PNG, and upload it again.',
    };
  }
  const roots = parseElements(text);
  if (!roots) return costly('elements nested more than 1,024 levels deep');
  const svg = roots.find((e) => e.name.toLowerCase() === 'svg');
  if (!svg) {
    return {
      code: 'corrupt_image',
      message: 'This SVG has no <svg> element. Check that it opens in a browser, or upload a PNG instead.',
    };
  }

  let primitives = 0;
  let problem = null as SvgProblem | null;
  const inspect = (e: Element) => {
    if (problem) return;
    const name = e.name.toLowerCase();
    if (isPrimitive(name)) {
      primitives++;
      if (primitives > limits.maxFilterPrimitives) {
        problem = costly(`more than ${limits.maxFilterPrimitives} filter effects`);
      }
    }
    if (name === 'feturbulence') {
      const octaves = Number(attr(e.attrs, 'numOctaves') ?? 1);
      if (!(octaves <= limits.maxOctaves)) {
        problem = costly(
          `a turbulence filter with ${attr(e.attrs, 'numOctaves')} octaves (at most ${limits.maxOctaves})`,
        );
      }
    }
    const radius =
      name === 'femorphology'
        ? attr(e.attrs, 'radius')
        : name === 'fegaussianblur'
          ? attr(e.attrs, 'stdDeviation')
          : null;
    if (radius !== null && numbers(radius).some((r) => !(Math.abs(r) <= limits.maxFilterRadius))) {
      problem = costly(`a filter radius of ${radius} (at most ${limits.maxFilterRadius})`);
    }
    if (
      name === 'feconvolvematrix' &&
      numbers(attr(e.attrs, 'order')).some((o) => !(o <= limits.maxKernelOrder))
    ) {
      problem = costly(
        `a convolution kernel of order ${attr(e.attrs, 'order')} (at most ${limits.maxKernelOrder})`,
      );
    }
    e.children.forEach(inspect);
  };
  roots.forEach(inspect);
  if (problem) return problem;

  const styleFilters = [...text.matchAll(/<style[\s\S]*?<\/style>/gi)].flatMap((m) =>
    [...m[0].matchAll(/url\(\s*["']?#([^"')\s]+)/gi)].map((u) => u[1]),
  );
  const drawn = expand(
    roots,
    { elements: limits.maxExpandedElements, filterPasses: limits.maxFilterPasses },
    styleFilters,
  );
  if (drawn.elements > limits.maxExpandedElements) {
    return costly(
      `more than ${limits.maxExpandedElements.toLocaleString('en-US')} shapes once its <use> copies are drawn`,
    );
  }
  if (drawn.filterPasses > limits.maxFilterPasses) {
    return costly(
      `filters on more shapes, or with more octaves, than ${limits.maxFilterPasses} filter passes`,
    );
  }
  const pixels = rasterPixels(svg, limits.rasterSize);
  if (pixels !== null && (pixels === 0 || pixels > limits.maxPixels)) {
    return {
      code: 'input_too_large',
      message: 'This SVG is too long and thin to rasterise. Give it a more usual shape, or upload a PNG.',
    };
  }
  return null;
}
