import { ArrowRightIcon, CubeIcon, SparklesIcon } from '../../components/icons';
import { OUTPUT_FORMATS } from '../../lib/site';
import { VASE } from './vaseGeometry';

/** The hero's picture of the product: one flat image in, a lathed wireframe model out. */
export function HeroVisual() {
  return (
    <div className="relative mx-auto w-full max-w-lg lg:max-w-none">
      <div className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-neural opacity-20 blur-3xl dark:opacity-30" />
      <div className="rounded-3xl border border-border bg-card/80 p-3 shadow-2xl shadow-primary/10 backdrop-blur sm:p-4">
        <div className="flex items-center gap-1.5 px-1 pb-3">
          <span className="size-2.5 rounded-full bg-[#ff5f57]" />
          <span className="size-2.5 rounded-full bg-[#febc2e]" />
          <span className="size-2.5 rounded-full bg-[#28c840]" />
          <span className="ml-3 truncate text-xs text-muted-foreground">lift3d.app/app</span>
        </div>
        <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2 sm:gap-3">
          <figure className="relative overflow-hidden rounded-2xl border border-border bg-gradient-to-b from-amber-50 to-orange-100 dark:from-stone-800 dark:to-stone-900">
            <figcaption className="absolute top-2 left-2 rounded-md bg-black/55 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-white uppercase">
              Photo
            </figcaption>
            <svg
              viewBox={`0 0 ${VASE.width} ${VASE.height}`}
              className="h-auto w-full"
              role="img"
              aria-label="A photo of a vase"
            >
              <defs>
                <linearGradient id="hv-clay" x1="0" y1="0" x2="1" y2="0">
                  <stop offset="0" stopColor="#7c2d12" />
                  <stop offset="0.3" stopColor="#c2410c" />
                  <stop offset="0.58" stopColor="#fb923c" />
                  <stop offset="0.68" stopColor="#fdba74" />
                  <stop offset="1" stopColor="#9a3412" />
                </linearGradient>
                <linearGradient id="hv-band" x1="0" y1="0" x2="1" y2="0">
                  <stop offset="0" stopColor="#1e1b4b" />
                  <stop offset="0.6" stopColor="#3730a3" />
                  <stop offset="1" stopColor="#1e1b4b" />
                </linearGradient>
              </defs>
              <ellipse cx="110" cy="246" rx="70" ry="8" fill="#000" opacity="0.12" />
              <path d={VASE.silhouette} fill="url(#hv-clay)" />
              <path d={VASE.band} fill="url(#hv-band)" opacity="0.85" />
              <path d={VASE.bandThin} fill="url(#hv-band)" opacity="0.85" />
              <path
                d={VASE.silhouette}
                fill="none"
                stroke="oklch(0.64 0.22 293)"
                strokeWidth="2"
                strokeDasharray="5 5"
                className="animate-pulse-soft"
              />
            </svg>
          </figure>

          <div className="flex flex-col items-center gap-1.5">
            <span className="grid size-9 place-items-center rounded-full bg-neural text-white shadow-lg shadow-primary/40 sm:size-10">
              <SparklesIcon className="size-4 sm:size-5" />
            </span>
            <ArrowRightIcon className="size-4 text-muted-foreground" />
          </div>

          <figure className="relative overflow-hidden rounded-2xl border border-border bg-slate-950">
            <figcaption className="absolute top-2 left-2 z-10 flex items-center gap-1 rounded-md bg-white/10 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-white uppercase">
              <CubeIcon className="size-3" />
              3D model
            </figcaption>
            <div className="absolute inset-0 bg-lattice opacity-40" />
            <svg
              viewBox={`0 0 ${VASE.width} ${VASE.height}`}
              className="relative h-auto w-full"
              role="img"
              aria-label="The same vase as a 3D wireframe model"
            >
              <defs>
                <linearGradient id="hv-wire" x1="0" y1="0" x2="1" y2="1">
                  <stop offset="0" stopColor="#a78bfa" />
                  <stop offset="0.5" stopColor="#e879f9" />
                  <stop offset="1" stopColor="#22d3ee" />
                </linearGradient>
                <radialGradient id="hv-shade" cx="0.38" cy="0.45" r="0.7">
                  <stop offset="0" stopColor="#8b5cf6" stopOpacity="0.45" />
                  <stop offset="1" stopColor="#0f172a" stopOpacity="0" />
                </radialGradient>
              </defs>
              <ellipse cx="110" cy="246" rx="70" ry="8" fill="#8b5cf6" opacity="0.25" />
              <path d={VASE.silhouette} fill="url(#hv-shade)" />
              {VASE.meridians
                .filter((m) => !m.front)
                .map((m) => (
                  <path
                    key={m.d}
                    d={m.d}
                    stroke="url(#hv-wire)"
                    strokeWidth="0.8"
                    fill="none"
                    opacity="0.3"
                  />
                ))}
              {VASE.rings.map((r) => (
                <ellipse
                  key={r.cy}
                  cx="110"
                  cy={r.cy}
                  rx={r.rx}
                  ry={r.ry}
                  stroke="url(#hv-wire)"
                  strokeWidth="1"
                  fill="none"
                  opacity="0.85"
                />
              ))}
              {VASE.meridians
                .filter((m) => m.front)
                .map((m) => (
                  <path key={m.d} d={m.d} stroke="url(#hv-wire)" strokeWidth="1.1" fill="none" />
                ))}
            </svg>
          </figure>
        </div>

        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-border bg-background/70 px-3 py-2.5">
          <div className="flex items-center gap-2 text-xs font-medium">
            <span className="size-2 rounded-full bg-success" />
            Watertight mesh ready
          </div>
          <div className="flex flex-wrap gap-1">
            {OUTPUT_FORMATS.map((fmt) => (
              <span
                key={fmt}
                className="rounded-md border border-border bg-muted px-1.5 py-0.5 font-mono text-[10px] font-semibold text-muted-foreground"
              >
                {fmt}
              </span>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
