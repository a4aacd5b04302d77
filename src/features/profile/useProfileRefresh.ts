import { useEffect } from 'react';

/** Refreshes on mount, when the window gains focus, when the tab becomes visible, and every 10 s (SPEC §4). */
const PROFILE_REFRESH_MS = 10_000;

export function useProfileRefresh(refresh: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    refresh();
    const onFocus = () => refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(refresh, PROFILE_REFRESH_MS);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [refresh, enabled]);
}
