// A booking's two calls: hold the seats and make the payment (POST /api/workshops/{slug}/bookings/),
// then, once the card has paid, make the booking (POST /api/workshops/bookings/).
import { api, errorMessage, type ErrorBody } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type BookingPayment = components['schemas']['BookingPayment'];
export type BookedWorkshop = components['schemas']['BookedWorkshop'];

/** What the booker typed, as the form holds it. */
export interface BookingForm {
  seats: number;
  /** One per seat, the booker's first. */
  names: string[];
  email: string;
  phone: string;
  note: string;
}

/** A refusal in the server's words (core's sentences), with the fields at fault by wire name. */
export interface Refused {
  ok: false;
  status: number;
  message: string;
  fields: Record<string, string>;
}

const refused = (error: unknown, status: number, fallback: string): Refused => ({
  ok: false,
  status,
  message: errorMessage(error, fallback),
  fields: (error as ErrorBody | undefined)?.fields ?? {},
});

export const HOLD_FAILED = 'We couldn’t hold your seats just now. Please check your connection and try again.';
export const PLACE_FAILED =
  'Your card was charged but we couldn’t finish the booking just now. Please press Pay again: you will not be charged twice.';

/**
 * Holds the seats while the card is paid and answers the payment to confirm. `booking` is the
 * key of an earlier hold (a retry, or a changed seat count, keeps the same hold and payment);
 * `offer` the token of a waiting-list offer.
 */
export async function holdSeats(
  slug: string,
  form: BookingForm,
  booking: string | null,
  offer: string | null,
): Promise<{ ok: true; payment: BookingPayment } | Refused> {
  try {
    const { data, error, response } = await api.POST('/api/workshops/{slug}/bookings/', {
      params: { path: { slug } },
      body: {
        seats: form.seats,
        names: form.names.slice(0, form.seats).map((name) => name.trim()),
        email: form.email.trim(),
        phone: form.phone.trim(),
        note: form.note.trim(),
        booking,
        offer,
      },
    });
    if (data) return { ok: true, payment: data };
    return refused(error, response.status, HOLD_FAILED);
  } catch (cause) {
    console.error('Holding the seats failed', cause);
    return refused(undefined, 0, HOLD_FAILED);
  }
}

/** Makes the booking the card paid for; with no payment, the one a gift voucher paid in full. */
export async function placeBooking(booking: string, paymentIntentId: string | null): Promise<{ ok: true; booked: BookedWorkshop } | Refused> {
  try {
    const { data, error, response } = await api.POST('/api/workshops/bookings/', {
      body: { booking, payment_intent_id: paymentIntentId },
    });
    if (data) return { ok: true, booked: data };
    return refused(error, response.status, PLACE_FAILED);
  } catch (cause) {
    console.error('Placing the booking failed', cause);
    return refused(undefined, 0, PLACE_FAILED);
  }
}
