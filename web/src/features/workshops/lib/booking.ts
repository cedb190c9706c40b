import { isFullyBooked as spotsTextIsFull } from '@/lib/core';
import type { Workshop } from '../api/get-workshops';
import { longDate } from './dates';

/** The spec: booking is closed exactly when the spots text is '0 spots left' (core's rule). */
export function isFullyBooked(workshop: Pick<Workshop, 'spots_text'>): boolean {
  return spotsTextIsFull(workshop.spots_text);
}

/** Where Book leads: the contact form, as an event enquiry naming the workshop and its day. */
export function bookingLink(workshop: Pick<Workshop, 'title' | 'date'>): string {
  const query = new URLSearchParams({ type: 'event', workshop: workshop.title, date: longDate(workshop.date) });
  return `/contact?${query.toString()}`;
}
