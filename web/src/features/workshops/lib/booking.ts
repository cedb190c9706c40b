import { isFullyBooked as spotsTextIsFull } from '@/lib/core';
import type { Workshop } from '../api/get-workshops';

/** The spec: booking is closed exactly when the spots text is '0 spots left' (core's rule). */
export function isFullyBooked(workshop: Pick<Workshop, 'spots_text'>): boolean {
  return spotsTextIsFull(workshop.spots_text);
}

/** Could be a workshop's slug (lower-case letters, digits, hyphens), as the server's page drawing reads one. */
export function isWorkshopSlug(slug: string): boolean {
  return /^[a-z0-9-]+$/.test(slug);
}

/** The workshop's own page. */
export const workshopLink = (workshop: Pick<Workshop, 'slug'>) => `/workshops/${workshop.slug}`;

/** Where Book leads: the workshop's booking form. */
export const bookingLink = (workshop: Pick<Workshop, 'slug'>) => `/workshops/${workshop.slug}/book`;

/** Where "Join the waiting list" leads, for a full workshop. */
export const waitingListLink = (workshop: Pick<Workshop, 'slug'>) => `/workshops/${workshop.slug}/waiting-list`;
