import { formatDate, isFullyBooked as spotsTextIsFull } from '@/lib/core';
import type { Workshop } from '../api/get-workshops';

/** The spec: booking is closed exactly when the spots text is '0 spots left' (core's rule). */
export function isFullyBooked(workshop: Pick<Workshop, 'spots_text'>): boolean {
  return spotsTextIsFull(workshop.spots_text);
}

/** Where Book leads: the contact form, as an event enquiry naming the workshop and its day. */
export function bookingLink(workshop: Pick<Workshop, 'title' | 'date'>): string {
  const query = new URLSearchParams({ type: 'event', workshop: workshop.title, date: formatDate(workshop.date, 'long') });
  return `/contact?${query.toString()}`;
}
