import { Link } from '@tanstack/react-router';
import { Brand } from './Brand';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: '/app', label: 'Studio' },
      { to: '/', hash: 'pricing', label: 'Pricing' },
      { to: '/', hash: 'faq', label: 'FAQ' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/acceptable-use', label: 'Acceptable Use' },
      { to: '/cookies', label: 'Cookie Policy' },
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className="relative border-t border-border bg-muted/30">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:grid-cols-3 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div className="col-span-full max-w-xs md:col-span-1">
          <Brand />
          <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
            One image in, a real 3D model out: GLB, glTF, OBJ, FBX and print-ready STL, plus a turntable
            video. Credits that never expire.
          </p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-foreground">{col.title}</h2>
            <ul className="mt-4 space-y-2.5">
              {col.links.map((l) => (
                <li key={l.label}>
                  <Link
                    to={l.to}
                    hash={'hash' in l ? l.hash : undefined}
                    className="text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:text-foreground"
                  >
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {copyrightYears()} Lift3D. All rights reserved.</p>
          <p>Made for designers, makers and game developers.</p>
        </div>
      </div>
    </footer>
  );
}

/** Since 2024 (the spec's year), through the current one. */
function copyrightYears(now = new Date()): string {
  const year = now.getFullYear();
  return year > 2024 ? `2024–${year}` : '2024';
}
