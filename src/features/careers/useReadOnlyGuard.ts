import { useEffect, useState } from 'react';
import { FORM_TIMINGS } from '../forms/timings';

/**
 * True for the first 100 ms after the calling component mounts (SPEC §4 "Career form"): the dialog's inputs
 * are read-only while it opens, so a stray keystroke or a double click on the button that opened it types
 * nothing. Called from the form inside the dialog panel, so the clock starts when the inputs exist.
 */
export function useReadOnlyGuard(ms: number = FORM_TIMINGS.careerReadOnlyMs): boolean {
  const [guarded, setGuarded] = useState(true);
  useEffect(() => {
    setGuarded(true);
    const timer = window.setTimeout(() => setGuarded(false), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return guarded;
}
