// The studio's workshop calls (admin only): the workshops, one made, changed, given a picture,
// hidden or cancelled; its attendee list; a balance marked paid; a booking cancelled by the rule.
import { api, pictureBody, refusal } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type AdminWorkshop = components['schemas']['AdminWorkshop'];
/** The workshop's form; `version` is the one it was loaded at (null for a new one). */
export type WorkshopForm = components['schemas']['WorkshopBody'];
export type Attendees = components['schemas']['Attendees'];
export type Attendee = components['schemas']['AttendeeRow'];
export type CancelledWorkshop = components['schemas']['CancelledWorkshop'];

const FALLBACK = 'The change could not be saved just now. Please try again.';

/** Every workshop, hidden and cancelled ones too, soonest first. */
export async function listWorkshops(signal?: AbortSignal): Promise<AdminWorkshop[]> {
  const { data, error, response } = await api.GET('/api/admin/workshops/', { signal });
  if (!data) throw refusal(error, response.status, 'We couldn’t load the workshops.');
  return data;
}

/** Makes a workshop from the form. */
export async function createWorkshop(form: WorkshopForm): Promise<AdminWorkshop> {
  const { data, error, response } = await api.POST('/api/admin/workshops/', { body: form });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Saves the form over the workshop as it was loaded (`version`): refused (409) when it changed meanwhile. */
export async function saveWorkshop(id: number, form: WorkshopForm, version: number): Promise<AdminWorkshop> {
  const { data, error, response } = await api.PUT('/api/admin/workshops/{id}/', { params: { path: { id } }, body: { ...form, version } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Hides the workshop from the shop, or shows it again. */
export async function hideWorkshop(id: number, hidden: boolean, version: number): Promise<AdminWorkshop> {
  const { data, error, response } = await api.POST('/api/admin/workshops/{id}/hide/', { params: { path: { id } }, body: { hidden, version } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/**
 * Cancels the workshop: every booking is refunded and mailed. `key` makes a retry do it once.
 * Answers the workshop and the balances paid in the studio, which the studio hands back itself.
 */
export async function cancelWorkshop(id: number, version: number, key: string): Promise<CancelledWorkshop> {
  const { data, error, response } = await api.POST('/api/admin/workshops/{id}/cancel/', { params: { path: { id } }, body: { version, key } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Gives the workshop a picture in place of any it had (the server keeps it upright, without its location data). */
export async function uploadWorkshopPicture(id: number, picture: File): Promise<AdminWorkshop> {
  const { data, error, response } = await api.POST('/api/admin/workshops/{id}/picture/', {
    params: { path: { id } },
    ...pictureBody(picture),
  });
  if (!data) throw refusal(error, response.status, 'The picture could not be saved just now. Please try again.');
  return data;
}

/** Takes the workshop's picture away: its pages show the studio's table of flowers. */
export async function removeWorkshopPicture(id: number): Promise<AdminWorkshop> {
  const { data, error, response } = await api.DELETE('/api/admin/workshops/{id}/picture/', { params: { path: { id } } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Who is coming: names, seats, what each has paid and owes, and their notes. */
export async function attendees(id: number, signal?: AbortSignal): Promise<Attendees> {
  const { data, error, response } = await api.GET('/api/admin/workshops/{id}/attendees/', { params: { path: { id } }, signal });
  if (!data) throw refusal(error, response.status, 'We couldn’t load the attendee list.');
  return data;
}

/** Marks a booking's balance paid in the studio (a second press finds it paid already). */
export async function markBalancePaid(orderId: number): Promise<void> {
  const { data, error, response } = await api.POST('/api/admin/workshops/bookings/{order_id}/balance-paid/', {
    params: { path: { order_id: orderId } },
  });
  if (!data) throw refusal(error, response.status, FALLBACK);
}

/**
 * Cancels one booking by the workshop's rule: `refund` gives the deposit back, else it moves to
 * another workshop. Answers the server's sentence of what the studio hands back itself (a
 * balance paid in the studio), or null.
 */
export async function cancelBooking(orderId: number, refund: boolean, key: string): Promise<string | null> {
  const { data, error, response } = await api.POST('/api/admin/workshops/bookings/{order_id}/cancel/', {
    params: { path: { order_id: orderId } },
    body: { key, refund },
  });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data.by_hand?.message ?? null;
}
