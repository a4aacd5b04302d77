import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * A value only the browser knows (today's date, the page's origin), safe in a page prerendered at build time:
 * the HTML and the first render in the browser show `atBuild`, and React swaps in `read()` right after it
 * takes over the markup, so hydration never meets a difference. `read` must return equal values on repeated
 * calls (a string, a number), as useSyncExternalStore requires.
 */
export function useClientValue<T>(read: () => T, atBuild: T): T {
  return useSyncExternalStore(never, read, () => atBuild);
}
