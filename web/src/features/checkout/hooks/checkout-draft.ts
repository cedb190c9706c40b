// The checkout's draft for the visit: what the shopper typed (their details, the recipient, the
// day, the card message), kept in sessionStorage so that "Edit cart" and back, or the browser's
// back and forward, never lose it. sessionStorage ends with the tab, so nothing outlives the
// visit; card details are never part of it (the card form keeps its own, in memory only). The
// draft is cleared once the order is placed.
import type { CheckoutForm } from '@/lib/core';
import type { Choice } from './use-fulfilment';

const DRAFT_KEY = 'posy.checkoutDraft';

export interface CheckoutDraft {
  customer: Partial<CheckoutForm>;
  choice: Partial<Choice>;
  deliverToMe: boolean;
}

/** Only the strings named in `fields`: what is stored may be from an older page, or anything at all. */
function strings<T extends object>(value: unknown, fields: T): Partial<T> {
  if (typeof value !== 'object' || value === null) return {};
  const kept: Partial<Record<keyof T, string>> = {};
  for (const key of Object.keys(fields) as (keyof T)[]) {
    const field = (value as Record<keyof T, unknown>)[key];
    if (typeof field === 'string') kept[key] = field;
  }
  return kept as Partial<T>;
}

/** What is stored, as an object; nothing when it is unreadable or storage is unavailable. */
function stored(): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    // The form then starts empty, as it did before drafts.
    return {};
  }
}

/** One part of the draft kept for this visit: only the fields of `empty` that were kept as strings. */
export function draftOf<T extends object>(part: 'customer' | 'choice', empty: T): Partial<T> {
  return strings(stored()[part], empty);
}

/** Whether "Deliver to me" was ticked in this visit. */
export function draftDeliversToMe(): boolean {
  return stored().deliverToMe === true;
}

/** Keeps part of the draft; the rest stays as it was. */
export function saveDraft(part: Partial<CheckoutDraft>): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...stored(), ...part }));
  } catch {
    // Full or unavailable storage (a private window, say): the draft is a convenience only.
  }
}

/** Forgets the draft: the order it was for is placed. */
export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Unavailable storage holds no draft.
  }
}
