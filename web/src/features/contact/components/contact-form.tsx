import { useRef, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/ui/field';
import { enquiryTypes, type EnquiryForm } from '@/lib/core';
import { SubmitButton } from '@/components/ui/submit-button';
import { emptyEnquiry } from '../enquiry';
import { useContactForm, type EnquiryField } from '../hooks/use-contact-form';
import './contact-form.css';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface ContactFormProps {
  /** What the form starts with, e.g. an event enquiry naming a workshop. */
  initial?: EnquiryForm;
}

/** The contact form of the spec. */
export function ContactForm({ initial = emptyEnquiry }: ContactFormProps) {
  const controls = useRef<Partial<Record<EnquiryField, Control | null>>>({});
  const form = useContactForm(initial, (field) => controls.current[field]?.focus());
  const { values, errors, status, statusMessage } = form;
  const loading = status === 'loading';
  /** What ties a control to its field: focus after a failed send, its name, value and changes. */
  const bind = (field: EnquiryField) => ({
    ref: (element: Control | null) => {
      controls.current[field] = element;
    },
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<Control>) => form.setField(field, event.target.value),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    <form className="card contact-form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title" aria-busy={loading}>
      <h2 id="contact-form-title" className="contact-form__title">
        Send us a message
      </h2>
      <p className="contact-form__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with a star</span> are needed. We usually reply within one working day.
      </p>

      <div className="contact-form__row">
        <Field id="contact-name" label={<>Your name <span aria-hidden="true">*</span></>} error={errors.name}>
          {(described) => (
            <input
              {...described}
              {...bind('name')}
              className="field__input"
              autoComplete="name"
              required
            />
          )}
        </Field>
        <Field id="contact-email" label={<>Email <span aria-hidden="true">*</span></>} error={errors.email}>
          {(described) => (
            <input
              {...described}
              {...bind('email')}
              type="email"
              className="field__input"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              required
            />
          )}
        </Field>
      </div>

      <div className="contact-form__row">
        <Field id="contact-phone" label="Phone (optional)" error={errors.phone}>
          {(described) => (
            <input
              {...described}
              {...bind('phone')}
              type="tel"
              className="field__input"
              autoComplete="tel"
            />
          )}
        </Field>
        <Field id="contact-type" label={<>What is it about? <span aria-hidden="true">*</span></>} error={errors.enquiryType}>
          {(described) => (
            <select
              {...described}
              {...bind('enquiryType')}
              className="field__select contact-form__select"
              required
            >
              <option value="">Choose one</option>
              {enquiryTypes().map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <Field
        id="contact-message"
        label={<>Your message <span aria-hidden="true">*</span></>}
        error={errors.message}
        hintAt="top"
        hint="Dates, colours, the occasion, a budget: whatever helps us picture it."
      >
        {(described) => (
          <textarea
            {...described}
            {...bind('message')}
            className="field__input contact-form__message"
            rows={6}
            required
          />
        )}
      </Field>

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
        <SubmitButton busy={loading} busyText="Sending..." className="contact-form__send">
          Send message
        </SubmitButton>
        <p className="contact-form__privacy">
          We use your message only to answer it: see <Link to="/privacy">how we look after your details</Link>.
        </p>
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
