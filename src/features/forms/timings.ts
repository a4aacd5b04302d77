/** Form timings (SPEC §9). */
export const FORM_TIMINGS = {
  /** The waitlist dialog closes and the email clears this long after a success. */
  waitlistCloseMs: 1200,
  /** The waitlist error message clears after this long. */
  waitlistErrorClearMs: 4000,
  /** The contact form's success or error state returns to idle after this long. */
  contactResetMs: 5000,
} as const;

export type FormStatus = 'idle' | 'submitting' | 'success' | 'error';
