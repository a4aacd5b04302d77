/** Form timings (SPEC §9). */
export const FORM_TIMINGS = {
  /** The waitlist dialog closes and the email clears this long after a success. */
  waitlistCloseMs: 1200,
  /** The waitlist error message clears after this long. */
  waitlistErrorClearMs: 4000,
  /** The contact form's success or error state returns to idle after this long. */
  contactResetMs: 5000,
  /** The career dialog closes and its form resets this long after a success. */
  careerCloseMs: 1200,
  /** The career dialog's error message clears after this long. */
  careerErrorClearMs: 4000,
  /** The career dialog's inputs are read-only for this long after it opens. */
  careerReadOnlyMs: 100,
} as const;

export type FormStatus = 'idle' | 'submitting' | 'success' | 'error';
