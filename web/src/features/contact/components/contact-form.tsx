import { useRef, type FormEvent, type ReactNode } from 'react';
import type { EnquiryForm } from '@/lib/core';
import '@/components/ui/field.css';
import { ENQUIRY_TYPES, emptyEnquiry } from '../enquiry';
import { useContactForm, type EnquiryField } from '../hooks/use-contact-form';
import './contact-form.css';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: (described: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A label over a control, with its hint and its error tied to it. */
function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint contact-form__hint">
          {hint}
        </p>
      )}
      {children({
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface ContactFormProps {
  /** What the form starts with, e.g. an event enquiry naming a workshop. */
  initial?: EnquiryForm;
}

/** The contact form of spec §2, §4, §5 and §8. */
export function ContactForm({ initial = emptyEnquiry }: ContactFormProps) {
  const controls = useRef<Partial<Record<EnquiryField, Control | null>>>({});
  const form = useContactForm(initial, (field) => controls.current[field]?.focus());
  const { values, errors, status, statusMessage } = form;
  const loading = status === 'loading';
  const keep = (field: EnquiryField) => (element: Control | null) => {
    controls.current[field] = element;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <form className="contact-form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title" aria-busy={loading}>
      <h2 id="contact-form-title" className="contact-form__title">
        Send us a message
      </h2>
      <p className="contact-form__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with a star</span> are needed. We usually reply within one working day.
      </p>

      <div className="contact-form__row">
        <FieldFrame id="contact-name" label={<>Your name <span aria-hidden="true">*</span></>} error={errors.name}>
          {(described) => (
            <input
              {...described}
              ref={keep('name')}
              id="contact-name"
              name="name"
              className="field__input"
              autoComplete="name"
              required
              value={values.name}
              onChange={(event) => form.setField('name', event.target.value)}
            />
          )}
        </FieldFrame>
        <FieldFrame id="contact-email" label={<>Email <span aria-hidden="true">*</span></>} error={errors.email}>
          {(described) => (
            <input
              {...described}
              ref={keep('email')}
              id="contact-email"
              name="email"
              type="email"
              className="field__input"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              required
              value={values.email}
              onChange={(event) => form.setField('email', event.target.value)}
            />
          )}
        </FieldFrame>
      </div>

      <div className="contact-form__row">
        <FieldFrame id="contact-phone" label="Phone (optional)" error={errors.phone}>
          {(described) => (
            <input
              {...described}
              ref={keep('phone')}
              id="contact-phone"
              name="phone"
              type="tel"
              className="field__input"
              autoComplete="tel"
              value={values.phone}
              onChange={(event) => form.setField('phone', event.target.value)}
            />
          )}
        </FieldFrame>
        <FieldFrame id="contact-type" label={<>What is it about? <span aria-hidden="true">*</span></>} error={errors.enquiryType}>
          {(described) => (
            <select
              {...described}
              ref={keep('enquiryType')}
              id="contact-type"
              name="enquiryType"
              className="field__select contact-form__select"
              required
              value={values.enquiryType}
              onChange={(event) => form.setField('enquiryType', event.target.value)}
            >
              <option value="">Choose one</option>
              {ENQUIRY_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      </div>

      <FieldFrame
        id="contact-message"
        label={<>Your message <span aria-hidden="true">*</span></>}
        error={errors.message}
        hint="Dates, colours, the occasion, a budget: whatever helps us picture it."
      >
        {(described) => (
          <textarea
            {...described}
            ref={keep('message')}
            id="contact-message"
            name="message"
            className="field__input contact-form__message"
            rows={6}
            required
            value={values.message}
            onChange={(event) => form.setField('message', event.target.value)}
          />
        )}
      </FieldFrame>

      {/* A honeypot: hidden from people and from assistive technology; only bots fill it in. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={form.website}
          onChange={(event) => form.setWebsite(event.target.value)}
        />
      </div>

      <div className="contact-form__actions">
        <button type="submit" className="button contact-form__send" disabled={loading}>
          {loading ? 'Sending...' : 'Send message'}
        </button>
      </div>

      <div className="contact-form__status-region" role="status" aria-live="polite" aria-atomic="true">
        {statusMessage && (status === 'success' || status === 'error') && (
          <div className={`contact-form__status contact-form__status--${status}`}>
            <p className="contact-form__status-text">{statusMessage}</p>
            <button type="button" className="contact-form__close" onClick={form.closeStatus}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Close message</span>
            </button>
          </div>
        )}
      </div>
    </form>
  );
}
