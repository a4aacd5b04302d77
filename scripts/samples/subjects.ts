/**
 * The ten studio sample subjects (Demo-1 … Demo-10), drawn as SVG in code.
 *
 * notes:
 * - Each subject is one connected silhouette on a transparent background, facing the viewer: the engine's
 *   isolation step then takes the real alpha and its inflation reads the outline, so the samples convert
 *   cleanly without the background-removal model.
 * - Shading is baked with left→right "cylinder" gradients (dark rim, lit centre-left, soft fall-off) and radial
 *   "sphere" gradients, so the texture the engine projects onto the mesh already looks lit from the upper left.
 * - Canvas 512×512; subjects fill ~80% of the height so thumbnails read well at 120 px.
 */

const SIZE = 512;

/** A horizontal gradient that shades a vertical cylinder lit from the upper left. */
function cylinder(id: string, dark: string, mid: string, light: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${dark}"/>
    <stop offset="0.22" stop-color="${mid}"/>
    <stop offset="0.38" stop-color="${light}"/>
    <stop offset="0.62" stop-color="${mid}"/>
    <stop offset="1" stop-color="${dark}"/>
  </linearGradient>`;
}

/** A radial gradient for round bodies, highlight up and to the left. */
function sphere(id: string, light: string, mid: string, dark: string): string {
  return `<radialGradient id="${id}" cx="0.36" cy="0.32" r="0.75">
    <stop offset="0" stop-color="${light}"/>
    <stop offset="0.45" stop-color="${mid}"/>
    <stop offset="1" stop-color="${dark}"/>
  </radialGradient>`;
}

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>${defs}</defs>
  ${body}
</svg>`;
}

const vase = svg(
  cylinder('clay', '#7c2d12', '#c2410c', '#fdba74') + cylinder('band', '#172554', '#1d4ed8', '#93c5fd'),
  `<path d="M206 58 H306 Q300 92 312 116 Q402 176 404 282 Q406 398 330 448 Q316 456 300 458 H212 Q196 456 182 448 Q106 398 108 282 Q110 176 200 116 Q212 92 206 58 Z" fill="url(#clay)"/>
  <path d="M120 236 Q256 256 392 236 L398 278 Q256 300 114 278 Z" fill="url(#band)"/>
  <path d="M126 330 Q256 350 386 330 L380 346 Q256 366 132 346 Z" fill="#172554" opacity="0.75"/>
  <ellipse cx="256" cy="60" rx="52" ry="9" fill="#431407"/>
  <path d="M160 170 Q140 230 150 300" stroke="#fff7ed" stroke-width="10" stroke-linecap="round" fill="none" opacity="0.35"/>`,
);

const mug = svg(
  cylinder('mugBody', '#0f766e', '#14b8a6', '#99f6e4') + cylinder('mugRim', '#115e59', '#2dd4bf', '#ccfbf1'),
  `<path d="M352 170 C450 160 470 330 352 338 L352 300 C420 296 414 204 352 210 Z" fill="#0f766e"/>
  <path d="M112 130 H360 V392 Q360 424 328 428 H144 Q112 424 112 392 Z" fill="url(#mugBody)"/>
  <ellipse cx="236" cy="130" rx="124" ry="20" fill="url(#mugRim)"/>
  <ellipse cx="236" cy="132" rx="110" ry="14" fill="#3f1d0b"/>
  <path d="M160 240 l18 -26 l18 26 l18 -26 l18 26 l18 -26 l18 26 l18 -26 l18 26" stroke="#f0fdfa" stroke-width="9" fill="none" stroke-linejoin="round" opacity="0.9"/>
  <path d="M150 170 V380" stroke="#f0fdfa" stroke-width="10" stroke-linecap="round" opacity="0.3"/>`,
);

const duck = svg(
  sphere('duckBody', '#fef9c3', '#facc15', '#ca8a04') +
    sphere('duckHead', '#fef9c3', '#fde047', '#ca8a04') +
    sphere('beak', '#fed7aa', '#fb923c', '#c2410c'),
  `<path d="M92 300 Q70 230 140 232 Q190 236 230 262 Q300 230 380 244 Q440 236 452 190 Q478 250 452 320 Q430 430 272 436 Q120 438 92 300 Z" fill="url(#duckBody)"/>
  <circle cx="200" cy="170" r="96" fill="url(#duckHead)"/>
  <path d="M104 178 Q40 176 36 204 Q60 230 118 214 Z" fill="url(#beak)"/>
  <circle cx="178" cy="144" r="17" fill="#1c1917"/>
  <circle cx="172" cy="138" r="6" fill="#ffffff"/>
  <path d="M250 318 Q316 290 370 320 Q330 368 262 354 Z" fill="#eab308" opacity="0.8"/>`,
);

const pawn = svg(
  cylinder('ivory', '#57534e', '#d6d3d1', '#fafaf9') + sphere('ivoryHead', '#ffffff', '#e7e5e4', '#78716c'),
  `<path d="M128 456 Q128 420 160 410 Q196 392 206 340 Q214 290 196 262 H316 Q298 290 306 340 Q316 392 352 410 Q384 420 384 456 Z" fill="url(#ivory)"/>
  <rect x="120" y="446" width="272" height="24" rx="10" fill="url(#ivory)"/>
  <path d="M172 252 Q256 226 340 252 L332 272 Q256 250 180 272 Z" fill="url(#ivory)"/>
  <circle cx="256" cy="170" r="84" fill="url(#ivoryHead)"/>
  <path d="M150 420 Q256 440 362 420" stroke="#a8a29e" stroke-width="4" fill="none"/>`,
);

const mushroom = svg(
  sphere('cap', '#fca5a5', '#dc2626', '#7f1d1d') + cylinder('stem', '#d6d3d1', '#f5f5f4', '#ffffff'),
  `<path d="M208 250 Q196 360 182 430 Q256 456 330 430 Q316 360 304 250 Z" fill="url(#stem)"/>
  <path d="M64 262 Q70 92 256 76 Q442 92 448 262 Q256 300 64 262 Z" fill="url(#cap)"/>
  <path d="M64 262 Q256 300 448 262 Q440 284 410 288 Q256 312 102 288 Q72 284 64 262 Z" fill="#fde68a"/>
  <ellipse cx="180" cy="150" rx="30" ry="22" fill="#fff7ed"/>
  <ellipse cx="300" cy="128" rx="24" ry="17" fill="#fff7ed"/>
  <ellipse cx="376" cy="202" rx="22" ry="18" fill="#fff7ed"/>
  <ellipse cx="120" cy="226" rx="18" ry="14" fill="#fff7ed"/>
  <ellipse cx="250" cy="214" rx="26" ry="18" fill="#fff7ed"/>`,
);

const robot = svg(
  cylinder('metal', '#1e3a8a', '#3b82f6', '#bfdbfe') +
    cylinder('metalDark', '#1e293b', '#475569', '#94a3b8') +
    sphere('bulb', '#fef08a', '#f59e0b', '#b45309'),
  `<rect x="248" y="40" width="16" height="50" fill="#475569"/>
  <circle cx="256" cy="40" r="20" fill="url(#bulb)"/>
  <rect x="150" y="84" width="212" height="150" rx="34" fill="url(#metal)"/>
  <rect x="178" y="116" width="156" height="70" rx="22" fill="#0f172a"/>
  <circle cx="220" cy="150" r="18" fill="#22d3ee"/>
  <circle cx="292" cy="150" r="18" fill="#22d3ee"/>
  <rect x="226" y="232" width="60" height="22" fill="url(#metalDark)"/>
  <rect x="70" y="266" width="60" height="120" rx="26" fill="url(#metalDark)"/>
  <rect x="382" y="266" width="60" height="120" rx="26" fill="url(#metalDark)"/>
  <rect x="120" y="250" width="272" height="170" rx="36" fill="url(#metal)"/>
  <circle cx="256" cy="318" r="30" fill="#0f172a"/>
  <circle cx="256" cy="318" r="18" fill="#f43f5e"/>
  <rect x="160" y="412" width="70" height="60" rx="14" fill="url(#metalDark)"/>
  <rect x="282" y="412" width="70" height="60" rx="14" fill="url(#metalDark)"/>`,
);

const plant = svg(
  cylinder('pot', '#7c2d12', '#ea580c', '#fdba74') +
    `<linearGradient id="leaf" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#86efac"/><stop offset="0.5" stop-color="#16a34a"/><stop offset="1" stop-color="#14532d"/></linearGradient>`,
  `<path d="M250 300 Q150 250 92 120 Q196 150 256 290 Z" fill="url(#leaf)"/>
  <path d="M262 300 Q352 240 428 110 Q322 150 252 290 Z" fill="url(#leaf)"/>
  <path d="M256 300 Q206 180 256 40 Q306 180 256 300 Z" fill="url(#leaf)"/>
  <path d="M244 300 Q170 280 112 214 Q200 220 256 296 Z" fill="url(#leaf)"/>
  <path d="M266 300 Q350 286 400 220 Q310 224 258 296 Z" fill="url(#leaf)"/>
  <path d="M150 300 H362 L340 458 Q338 470 324 470 H188 Q174 470 172 458 Z" fill="url(#pot)"/>
  <rect x="138" y="284" width="236" height="40" rx="10" fill="url(#pot)"/>
  <path d="M150 322 H362" stroke="#7c2d12" stroke-width="4" opacity="0.6"/>`,
);

const rocket = svg(
  cylinder('hull', '#94a3b8', '#e2e8f0', '#ffffff') +
    cylinder('fin', '#7f1d1d', '#dc2626', '#fca5a5') +
    `<linearGradient id="flame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fde047"/><stop offset="0.5" stop-color="#f97316"/><stop offset="1" stop-color="#dc2626"/></linearGradient>`,
  `<path d="M226 400 Q256 500 286 400 Z" fill="url(#flame)"/>
  <path d="M186 300 Q120 330 116 420 L196 390 Z" fill="url(#fin)"/>
  <path d="M326 300 Q392 330 396 420 L316 390 Z" fill="url(#fin)"/>
  <path d="M256 34 Q342 110 334 300 Q330 368 314 404 H198 Q182 368 178 300 Q170 110 256 34 Z" fill="url(#hull)"/>
  <path d="M256 34 Q300 70 318 120 H194 Q212 70 256 34 Z" fill="url(#fin)"/>
  <circle cx="256" cy="210" r="44" fill="#475569"/>
  <circle cx="256" cy="210" r="32" fill="#38bdf8"/>
  <path d="M238 196 Q246 186 258 186" stroke="#e0f2fe" stroke-width="7" stroke-linecap="round" fill="none"/>
  <rect x="246" y="300" width="20" height="100" rx="8" fill="url(#fin)"/>`,
);

const teapot = svg(
  sphere('potBody', '#e0e7ff', '#6366f1', '#312e81') + sphere('lid', '#c7d2fe', '#4f46e5', '#1e1b4b'),
  `<path d="M130 240 Q60 200 40 140 Q70 136 94 180 Q112 214 150 230 Z" fill="#4338ca"/>
  <path d="M370 220 C470 200 480 370 364 360 L366 328 C436 330 432 250 372 258 Z" fill="#3730a3"/>
  <path d="M118 300 Q118 180 256 176 Q394 180 394 300 Q394 412 300 428 H212 Q118 412 118 300 Z" fill="url(#potBody)"/>
  <path d="M176 186 Q256 130 336 186 Z" fill="url(#lid)"/>
  <circle cx="256" cy="140" r="18" fill="url(#lid)"/>
  <rect x="180" y="420" width="152" height="18" rx="8" fill="#312e81"/>
  <path d="M140 286 Q256 310 372 286" stroke="#fde68a" stroke-width="8" fill="none" opacity="0.85"/>`,
);

const lamp = svg(
  cylinder('shade', '#b45309', '#fbbf24', '#fef3c7') +
    cylinder('brass', '#44403c', '#a8a29e', '#f5f5f4') +
    sphere('lampBase', '#e7e5e4', '#57534e', '#1c1917'),
  `<rect x="244" y="200" width="24" height="210" fill="url(#brass)"/>
  <path d="M160 56 H352 L420 220 H92 Z" fill="url(#shade)"/>
  <path d="M92 220 H420" stroke="#92400e" stroke-width="8" stroke-linecap="round"/>
  <path d="M160 56 H352" stroke="#92400e" stroke-width="6" stroke-linecap="round"/>
  <path d="M150 408 Q256 380 362 408 Q380 440 362 458 H150 Q132 440 150 408 Z" fill="url(#lampBase)"/>
  <path d="M120 206 L178 70" stroke="#fffbeb" stroke-width="10" stroke-linecap="round" opacity="0.35"/>`,
);

/** SVG source of each sample, keyed by the id in `src/features/studio/samples.ts`. */
export const SUBJECT_SVGS: Readonly<Record<string, string>> = {
  'demo-1': vase,
  'demo-2': mug,
  'demo-3': duck,
  'demo-4': pawn,
  'demo-5': mushroom,
  'demo-6': robot,
  'demo-7': plant,
  'demo-8': rocket,
  'demo-9': teapot,
  'demo-10': lamp,
};
