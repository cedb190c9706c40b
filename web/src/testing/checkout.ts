// The shopper the checkout tests fill in, and how they fill in the form.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { OrderFulfilment } from '@/lib/api-schema';
import { demoDelivery } from './fixtures';
import { json, mockApi } from './mock-api';

/** The shopper as the API's order fields have them. */
export const shopperOnTheWire = {
  email: 'jo@example.com',
  first_name: 'Jo',
  last_name: 'Bloom',
  address: '12 Wells Road',
  city: 'Bristol',
  postcode: 'BS14 9AB',
  phone: '0117 496 0123',
};

/** A delivery as an order's `fulfilment` has it: Tuesday 15 December in the morning, to Ada in Bristol. */
export const deliveryOnTheWire: OrderFulfilment = {
  method: 'delivery',
  date: '2026-12-15',
  day: 'Tuesday 15 December',
  slot: 'Morning',
  slot_hours: '09:00–13:00',
  collection_time: '',
  recipient_name: 'Ada Rose',
  recipient_phone: '07700 900123',
  address_line1: '3 Hill Street',
  address_line2: '',
  city: 'Bristol',
  postcode: 'BS3 1AA',
  instructions: 'Blue door',
  card_message: 'Happy birthday, Ada!',
  card_from: 'Jo',
};

/** The same shopper by the checkout form's labels. */
const shopperByLabel: Record<string, string> = {
  Email: shopperOnTheWire.email,
  'First name': shopperOnTheWire.first_name,
  'Last name': shopperOnTheWire.last_name,
  Address: shopperOnTheWire.address,
  'Town or city': shopperOnTheWire.city,
  Postcode: shopperOnTheWire.postcode,
  Phone: shopperOnTheWire.phone,
};

/** Types the shopper into the checkout form, leaving out the boxes labelled in `skip`. */
export async function fillCustomer(user: UserEvent, skip: string[] = []) {
  // Each field pasted in one input, as a browser's autofill does: typed a key at a time, the
  // checkout's form drew itself again for every one of about 80 keys, which was most of these
  // files' time (the fields' own keystroke rules are tested where they matter: the card's).
  for (const [label, value] of Object.entries(shopperByLabel)) {
    if (skip.includes(label)) continue;
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

/** Fills in the shopper and has the flowers delivered to them on the first day, in the cheapest slot. */
export async function fillCheckout(user: UserEvent) {
  await fillCustomer(user);
  await user.click(await screen.findByRole('checkbox', { name: /Deliver to me/ }));
}

/** The studio's delivery settings (the demo's), and a server that keeps any choice the page sends. */
export function studioDelivers() {
  mockApi.on('GET', '/api/delivery/', () => json({ settings: demoDelivery }));
  mockApi.on('PUT', '/api/cart/fulfilment/', () => json({ items: '0.00', delivery: '0.00', surcharge: '0.00', total: '0.00' }));
}
