import { useEffect, useState } from 'react';
import { FORM_TIMINGS, type FormStatus } from '../forms/timings';
import { useTimeout } from '../forms/useTimeout';
import { type JobApplication, sendApplication } from './api';

export const APPLICATION_MESSAGES = {
  success: 'Application sent. Thank you!',
  error: 'Something went wrong. Please try again.',
} as const;

export type ApplicationFields = Omit<JobApplication, 'role' | 'website'>;

export const EMPTY_APPLICATION: ApplicationFields = {
  full_name: '',
  email: '',
  location: '',
  years_experience: '',
  linkedin: '',
  portfolio: '',
  github: '',
  resume_url: '',
  compensation: '',
  availability: '',
  skills_summary: '',
};

/**
 * The career form (SPEC §4 "Career form"): idle → submitting → success (the dialog closes and the form
 * resets after 1.2 s) or error (clears to idle after 4 s). While the dialog is open its inputs are read-only
 * for the first 100 ms, so a stray keystroke or double click from the button that opened it types nothing.
 */
export function useApplication({ role, open, onDone }: { role: string; open: boolean; onDone: () => void }) {
  const [fields, setFields] = useState<ApplicationFields>(EMPTY_APPLICATION);
  const [website, setWebsite] = useState('');
  const [status, setStatus] = useState<FormStatus>('idle');
  const [guarded, setGuarded] = useState(true);
  const { schedule, clear } = useTimeout();

  useEffect(() => {
    if (!open) return;
    setGuarded(true);
    const timer = window.setTimeout(() => setGuarded(false), FORM_TIMINGS.careerReadOnlyMs);
    return () => window.clearTimeout(timer);
  }, [open]);

  function reset() {
    clear();
    setFields(EMPTY_APPLICATION);
    setWebsite('');
    setStatus('idle');
  }

  function update<K extends keyof ApplicationFields>(key: K, value: string) {
    setFields((f) => ({ ...f, [key]: value }));
  }

  async function submit() {
    if (status === 'submitting' || status === 'success') return;
    const trimmed = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v.trim()]),
    ) as ApplicationFields;
    if (!trimmed.full_name || !trimmed.email) return; // the browser's required check already said so
    setStatus('submitting');
    try {
      await sendApplication({ role, ...trimmed, ...(website ? { website } : {}) });
      setStatus('success');
      schedule(() => {
        onDone();
        reset();
      }, FORM_TIMINGS.careerCloseMs);
    } catch {
      setStatus('error'); // the API client logged the cause
      schedule(() => setStatus('idle'), FORM_TIMINGS.careerErrorClearMs);
    }
  }

  const message =
    status === 'success'
      ? APPLICATION_MESSAGES.success
      : status === 'error'
        ? APPLICATION_MESSAGES.error
        : '';
  return {
    fields,
    update,
    website,
    setWebsite,
    status,
    message,
    submit,
    reset,
    readOnly: guarded || status === 'submitting' || status === 'success',
  };
}
