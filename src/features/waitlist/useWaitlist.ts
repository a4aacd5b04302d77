import { useState } from 'react';
import { api } from '../../lib/api';
import { FORM_TIMINGS, type FormStatus } from '../forms/timings';
import { useTimeout } from '../forms/useTimeout';

const WAITLIST_MESSAGES = {
  success: 'Thanks! You’re on the list.',
  error: 'Something went wrong. Please try again.',
} as const;

export interface WaitlistOptions {
  /** Called 1.2 s after a success, when the email has been cleared (the dialog closes then). */
  onDone?: () => void;
}

/** The mobile-app waitlist form (SPEC §4 "Waitlist form"): idle → submitting → success | error. */
export function useWaitlist({ onDone }: WaitlistOptions = {}) {
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState(''); // honeypot: people never see it, bots fill it
  const [status, setStatus] = useState<FormStatus>('idle');
  const { schedule } = useTimeout();

  async function submit() {
    const value = email.trim();
    if (!value || status === 'submitting') return; // the spec: an empty submit does nothing
    setStatus('submitting');
    try {
      await api.joinWaitlist(website ? { email: value, website } : { email: value });
      setStatus('success');
      schedule(() => {
        setEmail('');
        setStatus('idle');
        onDone?.();
      }, FORM_TIMINGS.waitlistCloseMs);
    } catch {
      // The API client logged the cause; the visitor sees the spec's message and can retry.
      setStatus('error');
      schedule(() => setStatus('idle'), FORM_TIMINGS.waitlistErrorClearMs);
    }
  }

  const message =
    status === 'success' ? WAITLIST_MESSAGES.success : status === 'error' ? WAITLIST_MESSAGES.error : '';
  return { email, setEmail, website, setWebsite, status, message, submit };
}
