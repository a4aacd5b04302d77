import { useState } from 'react';
import { FORM_TIMINGS, type FormStatus } from '../forms/timings';
import { useTimeout } from '../forms/useTimeout';
import { type JobApplication, sendApplication } from './api';

const APPLICATION_MESSAGES = {
  success: 'Application sent. Thank you!',
  error: 'Something went wrong. Please try again.',
} as const;

export type ApplicationFields = Omit<JobApplication, 'role' | 'website'>;

const EMPTY_APPLICATION: ApplicationFields = {
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
 * resets after 1.2 s) or error (clears to idle after 4 s).
 */
export function useApplication({ role, onDone }: { role: string; onDone: () => void }) {
  const [fields, setFields] = useState<ApplicationFields>(EMPTY_APPLICATION);
  const [website, setWebsite] = useState('');
  const [status, setStatus] = useState<FormStatus>('idle');
  const { schedule, clear } = useTimeout();

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
    /** Sending or sent: the fields stay as they are until the dialog closes or the error clears. */
    locked: status === 'submitting' || status === 'success',
  };
}
