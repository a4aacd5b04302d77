import { useCallback, useEffect, useRef } from 'react';

/** Schedules one callback at a time; a new schedule replaces the old one, unmount cancels it. */
export function useTimeout() {
  const timer = useRef<number | undefined>(undefined);
  const clear = useCallback(() => window.clearTimeout(timer.current), []);
  const schedule = useCallback(
    (fn: () => void, ms: number) => {
      clear();
      timer.current = window.setTimeout(fn, ms);
    },
    [clear],
  );
  useEffect(() => clear, [clear]);
  return { schedule, clear };
}
