// What the contact form holds and offers (the spec), kept free of React.
import { enquiryTypes, validateEnquiry, type EnquiryForm } from '@/lib/core';

/** A kind of enquiry the form offers (the core's list, values as the API takes them). */
export function isEnquiryType(value: unknown): value is string {
  return enquiryTypes().some((type) => type.value === value);
}

/** The spec's words, exactly. */
export const SENT_MESSAGE = 'Thank you for your message. We will get back to you soon!';
export const FAILED_MESSAGE = 'Sorry, something went wrong. Please try again later.';
/** The spec: the status message hides itself after this long. */
export const STATUS_CLEARS_AFTER_MS = 10_000;

export const emptyEnquiry: EnquiryForm = { name: '', email: '', phone: '', enquiryType: '', message: '' };

/** The message a workshop's Book link starts with. */
export function workshopMessage(workshop: string, when?: string | null): string {
  const on = when ? ` on ${when}` : '';
  return `Hello, I would like to book a place on the ${workshop} workshop${on}. `;
}

/**
 * A form started from a link: `?type=event&workshop=Christmas%20wreath%20making` chooses the
 * enquiry type and begins the message with the workshop's name. Unknown types are ignored.
 */
export function enquiryFromSearch(search: URLSearchParams): EnquiryForm {
  const type = search.get('type')?.trim().toLowerCase();
  const workshop = search.get('workshop')?.trim().slice(0, 120);
  const when = search.get('date')?.trim().slice(0, 60);
  return {
    ...emptyEnquiry,
    enquiryType: isEnquiryType(type) ? type : workshop ? 'event' : '',
    message: workshop ? workshopMessage(workshop, when) : '',
  };
}

/** The server's word for any required field left empty; the core has each field's own sentence. */
const SERVER_REQUIRED = 'This field is required.';

/** The core's sentence for each required field left empty: its answer for an empty form. */
const whenMissing = (): Record<string, string> => validateEnquiry(emptyEnquiry)?.fields ?? {};

/** Each field's problem, in words for people: the server's generic "required" becomes the core's sentence for that field. */
export function fieldSentences(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, why] of Object.entries(fields)) {
    out[field] = why === SERVER_REQUIRED ? (whenMissing()[field] ?? why) : why;
  }
  return out;
}
