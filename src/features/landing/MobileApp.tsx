import { AppleIcon, CubeIcon, PlayStoreIcon } from '../../components/icons';
import { useWaitlist } from '../waitlist/useWaitlist';
import { WaitlistForm } from '../waitlist/WaitlistForm';

const STORES = [
  { icon: AppleIcon, store: 'App Store' },
  { icon: PlayStoreIcon, store: 'Google Play' },
];

function PhoneMockup() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-44 sm:w-60">
      <div className="absolute -inset-8 rounded-full bg-white/20 blur-3xl" />
      <div className="relative rounded-[2.6rem] border border-white/25 bg-slate-950 p-2.5 shadow-2xl">
        <div className="relative aspect-[9/19] overflow-hidden rounded-[2.1rem] bg-gradient-to-b from-slate-900 to-indigo-950">
          <div className="absolute top-2.5 left-1/2 h-5 w-20 -translate-x-1/2 rounded-full bg-black" />
          <div className="absolute inset-0 bg-lattice opacity-50" />
          <div className="absolute inset-x-6 top-[22%] aspect-square rounded-3xl border-2 border-dashed border-violet-300/60" />
          <div className="absolute inset-x-0 top-[30%] grid place-items-center">
            <CubeIcon className="animate-float-slow size-24 text-violet-200" strokeWidth={1.2} />
          </div>
          <div className="absolute inset-x-4 bottom-16 rounded-2xl bg-white/10 p-3 backdrop-blur">
            <div className="flex justify-between text-[10px] font-medium text-white/80">
              <span>Building mesh</span>
              <span>78%</span>
            </div>
            <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-white/15">
              <div className="h-full w-[78%] rounded-full bg-gradient-to-r from-violet-400 to-cyan-300" />
            </div>
          </div>
          <div className="absolute bottom-5 left-1/2 size-10 -translate-x-1/2 rounded-full border-4 border-white/80" />
        </div>
      </div>
    </div>
  );
}

export function MobileApp({ onOpenWaitlist }: { onOpenWaitlist: () => void }) {
  const form = useWaitlist();
  return (
    <section id="mobile-app" aria-labelledby="mobile-title" className="relative py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-[2rem] bg-neural px-6 py-14 text-white shadow-2xl shadow-primary/25 sm:px-12 lg:px-16">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-lattice opacity-40 mix-blend-overlay"
          />
          <div
            aria-hidden="true"
            className="absolute -top-24 -right-24 -z-10 size-96 rounded-full bg-cyan-300/30 blur-3xl"
          />
          <div className="grid items-center gap-12 lg:grid-cols-[1.2fr_1fr]">
            <div>
              <p className="inline-flex rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
                Mobile app · Coming soon
              </p>
              <h2
                id="mobile-title"
                className="mt-5 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
              >
                Snap a photo, hold a 3D model
              </h2>
              <p className="mt-4 max-w-lg text-base leading-relaxed text-white/85 sm:text-lg">
                Lift3D for iOS and Android turns what your camera sees into a model you can place in AR, send
                to a printer or share. Join the waitlist and we will email you once, on launch day.
              </p>
              <WaitlistForm form={form} tone="onColor" className="mt-8 max-w-lg" />
              <div className="mt-4 grid grid-cols-2 gap-3 sm:flex">
                {STORES.map(({ icon: Icon, store }) => (
                  <button
                    key={store}
                    type="button"
                    onClick={onOpenWaitlist}
                    className="inline-flex cursor-pointer items-center gap-2.5 rounded-xl border border-white/30 bg-black/25 px-3 py-2 text-left sm:px-4 transition-colors hover:bg-black/40 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
                    aria-label={`${store}: coming soon, join the waitlist`}
                  >
                    <Icon className="size-6" />
                    <span>
                      <span className="block text-[10px] leading-none text-white/75 uppercase">Soon on</span>
                      <span className="block text-sm font-semibold">{store}</span>
                    </span>
                  </button>
                ))}
              </div>
            </div>
            <PhoneMockup />
          </div>
        </div>
      </div>
    </section>
  );
}
