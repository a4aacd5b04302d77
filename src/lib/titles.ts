/** Each route's document title (one per page, so tabs, history and screen readers tell them apart). */
const SITE = 'Lift3D';

const TITLES: Readonly<Record<string, string>> = {
  '/': 'Lift3D — Turn any image into a 3D model',
  '/about': 'About',
  '/careers': 'Careers',
  '/contact': 'Contact',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  '/acceptable-use': 'Acceptable Use Policy',
  '/cookies': 'Cookie Policy',
  '/app': 'Studio',
  '/app66': 'Studio (App66)',
  '/app88': 'Studio (App88)',
  '/app99': 'Studio (App99)',
  '/checkout': 'Buy credits',
  '/checkout/success': 'Payment successful',
  '/checkout/cancel': 'Payment cancelled',
  '/pay': 'Card payment',
  '/profile': 'Your profile',
  '/docs/api': 'API reference',
  '/reset-password': 'Reset your password',
  '/auth/callback': 'Signing in',
  '/admin': 'Admin · Dashboard',
  '/admin/users': 'Admin · Users',
  '/admin/generations': 'Admin · Conversions',
  '/admin/credit-packs': 'Admin · Credit packs',
  '/admin/transactions': 'Admin · Transactions',
  '/admin/settings': 'Admin · Settings',
};

export function titleFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // Shared models (/m/{slug}): the crawler's HTML carries the model's own title from the server.
  if (path.startsWith('/m/')) return `Shared 3D model · ${SITE}`;
  if (path.startsWith('/admin/generations/')) return `Admin · Conversion · ${SITE}`;
  if (path.startsWith('/capture/')) return `Take photos · ${SITE}`;
  const title = TITLES[path];
  if (!title) return `Page not found · ${SITE}`;
  return path === '/' ? title : `${title} · ${SITE}`;
}
