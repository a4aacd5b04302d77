/** In-page sections of the landing page, in order (SPEC §2). */
export const LANDING_ANCHORS = [
  { href: '#hero', label: 'Home' },
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#reviews', label: 'Reviews' },
  { href: '#faq', label: 'FAQ' },
  { href: '#contact', label: 'Contact' },
] as const;

/** Pages whose header runs in app-page mode (always solid, studio navigation). */
export const STUDIO_PATHS = ['/app', '/app66', '/app88', '/app99'];

/** Pages whose mobile menu shows Home, Profile and Sign In/Out instead of the section links. */
export const APP_MENU_PATHS = [...STUDIO_PATHS, '/profile'];

/** Header height past which the header gains its blurred background (SPEC §9). */
export const HEADER_SCROLL_THRESHOLD = 10;

export function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean).slice(0, 2);
  const letters = words.map((w) => w[0]).join('');
  return (letters || email[0] || '?').toUpperCase();
}
