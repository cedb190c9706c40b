import { useCallback, useEffect, useRef, useState } from 'react';
import { validateEnquiry, type EnquiryForm } from '@/lib/core';
import { sendEnquiry } from '../api/send-enquiry';
import { FAILED_MESSAGE, SENT_MESSAGE, STATUS_CLEARS_AFTER_MS, emptyEnquiry, fieldSentences } from '../enquiry';

/** The spec: idle, loading ('Sending...'), success, error. */
export type ContactStatus = 'idle' | 'loading' | 'success' | 'error';

export type EnquiryField = keyof EnquiryForm;

/** The form's fields in the order they appear, for moving focus to the first at fault. */
export const FIELD_ORDER = Object.keys(emptyEnquiry) as readonly EnquiryField[];

export interface ContactFormState {
  values: EnquiryForm;
  /** The honeypot: people never see it, so it stays empty. */
  website: string;
  errors: Partial<Record<EnquiryField, string>>;
  status: ContactStatus;
  /** What the status line says (success, the spec's failure, or the server's sentence). */
  statusMessage: string | null;
}

export function useContactForm(initial: EnquiryForm = emptyEnquiry, onInvalid?: (field: EnquiryField) => void) {
  const [values, setValues] = useState<EnquiryForm>(initial);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<ContactFormState['errors']>({});
  const [status, setStatus] = useState<ContactStatus>('idle');
  const [statusMessage, setStatusMessage] = useState<string | null>(null);
  // Each message gets its own 10 seconds, even when the same status comes twice in a row.
  const [shownAt, setShownAt] = useState(0);
  const sending = useRef(false);

  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    const timer = setTimeout(() => {
      setStatus('idle');
      setStatusMessage(null);
    }, STATUS_CLEARS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status, shownAt]);

  const setField = useCallback((field: EnquiryField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field being put right loses its complaint; the others keep theirs until the next send.
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _gone, ...rest } = current;
      void _gone;
      return rest;
    });
  }, []);

  const closeStatus = useCallback(() => {
    setStatus((current) => (current === 'loading' ? current : 'idle'));
    setStatusMessage(null);
  }, []);

  const showFieldErrors = (fields: Record<string, string>) => {
    const sentences = fieldSentences(fields);
    const next: ContactFormState['errors'] = {};
    for (const field of FIELD_ORDER) if (sentences[field]) next[field] = sentences[field];
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first) onInvalid?.(first);
  };

  const submit = async () => {
    if (sending.current) return;
    const problems = validateEnquiry(values);
    if (problems) {
      setStatus('idle');
      setStatusMessage(null);
      showFieldErrors(problems.fields);
      return;
    }
    sending.current = true;
    setErrors({});
    setStatus('loading');
    setStatusMessage(null);
    const result = await sendEnquiry(values, website);
    sending.current = false;
    setShownAt((n) => n + 1);
    if (result.ok) {
      setValues(emptyEnquiry);
      setWebsite('');
      setStatus('success');
      setStatusMessage(SENT_MESSAGE);
      return;
    }
    setStatus('error');
    setStatusMessage(result.message || FAILED_MESSAGE);
    showFieldErrors(result.fields);
  };

  return { values, website, errors, status, statusMessage, setField, setWebsite, submit, closeStatus };
}
