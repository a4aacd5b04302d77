import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/** Delay before a route change scrolls to the top (SPEC §9). */
const SCROLL_TO_TOP_DELAY_MS = 100;

/**
 * Scrolls to the top 100 ms after each route change. Only a change of path counts: the first load keeps the
 * browser's own position and in-page anchors are not route changes. A navigation to `/#pricing` from another
 * page lands on the section instead of the top.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const t = window.setTimeout(() => {
      const target = hash ? document.getElementById(hash) : null;
      if (target) target.scrollIntoView({ behavior: 'instant', block: 'start' });
      else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    }, SCROLL_TO_TOP_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [pathname, hash]);
  return null;
}
