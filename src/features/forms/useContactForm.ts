import type { ContactMessage } from '@lift3d/contract';
import { useState } from 'react';
import { api } from '../../lib/api';
import { FORM_TIMINGS, type FormStatus } from './timings';
import { useTimeout } from './useTimeout';

export type ContactFields = Omit<ContactMessage, 'website'>;

const EMPTY: ContactFields = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form (SPEC §4 "Contact form"): idle → submitting → success | error, each returning to idle
 * after 5 s; a success clears the fields. The message is stored server-side before any mail is sent.
 */
export function useContactForm() {
  const [fields, setFields] = useState<ContactFields>(EMPTY);
  const [website, setWebsite] = useState('');
  const [status, setStatus] = useState<FormStatus>('idle');
  const { schedule } = useTimeout();

  function update<K extends keyof ContactFields>(key: K, value: ContactFields[K]) {
    setFields((f) => ({ ...f, [key]: value }));
  }

  async function submit() {
    if (status === 'submitting') return;
    const payload: ContactMessage = {
      name: fields.name.trim(),
      email: fields.email.trim(),
      subject: fields.subject.trim(),
      message: fields.message.trim(),
    };
    if (!payload.name || !payload.email || !payload.subject || !payload.message) return;
    if (website) payload.website = website;
    setStatus('submitting');
    try {
      await api.sendContact(payload);
      setStatus('success');
      setFields(EMPTY);
    } catch {
      setStatus('error'); // the API client logged the cause
    }
    schedule(() => setStatus('idle'), FORM_TIMINGS.contactResetMs);
  }

  return { fields, update, website, setWebsite, status, submit };
}
