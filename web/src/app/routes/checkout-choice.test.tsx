// The checkout's florist's choice: delivery or collection, the day, the slot, the recipient and
// the card, each decided in the browser by the core's rules at the page's clock.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_ID_KEY } from '@/features/cart/stores/cart-context';
import { fillCustomer, studioDelivers } from '@/testing/checkout';
import type { Cart } from '@/lib/api-client';
import { cartLine, cartWith } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import CheckoutPage from './checkout';

/** One Classic Peony Posy: £45.00, under the £60.00 free-delivery threshold. */
const oneBouquet: Cart = cartWith([cartLine({ quantity: 1 })]);

function calls(method: string, path: string): Request[] {
  return mockApi.requests.filter((r) => r.method === method && new URL(r.url).pathname === path);
}

function shop() {
  mockApi.on('GET', '/api/payment/config/', () => json({ provider: 'simulated', publishable_key: null }));
  // What the bouquet costs delivered near the studio in an afternoon, as the page totals it too.
  mockApi.on('GET', '/api/payment/check_intent/', () => json({ client_secret: 'pi_sim_1_secret_abc', total: '50.00' }));
  studioDelivers();
}

async function openCheckout(cart = oneBouquet) {
  localStorage.setItem(CART_ID_KEY, cart.id);
  // Only Date is faked: the page's clock, as Playwright's page.clock fakes it in the journeys.
  const user = userEvent.setup();
  renderPage(<CheckoutPage />, { path: '/checkout', cart });
  await screen.findByRole('radio', { name: /Delivery/ });
  return user;
}

/** A test card, declined by the simulated provider: the choice is sent, nothing is paid. */
async function fillDeclinedCard(user: UserEvent) {
  await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1230');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
  mockApi.on('POST', '/api/payment/simulated/confirm/', () => json({ payment_intent: null, error: { message: 'Your card was declined.' } }));
}

const dayGroup = (name: string) => screen.getByRole('group', { name });
const pay = () => screen.getByRole('button', { name: /^Pay / });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Monday 14 December 2026, 12:30 in Bristol (GMT): past the noon cut-off for same-day delivery.
  vi.setSystemTime(new Date('2026-12-14T12:30:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the checkout’s delivery or collection', () => {
  it('offers delivery first, with days that say why they cannot be had', async () => {
    shop();
    await openCheckout();
    expect(screen.getByRole('radio', { name: /Delivery/ })).toBeChecked();
    const days = dayGroup('Delivery day');
    const today = within(days).getByRole('radio', { name: 'Monday 14 December' });
    expect(today).toBeDisabled();
    expect(today).toHaveAccessibleDescription('Order by 12:00 for same-day delivery');
    const sunday = within(days).getByRole('radio', { name: 'Sunday 20 December' });
    expect(sunday).toBeDisabled();
    expect(sunday).toHaveAccessibleDescription('Closed on Sundays');
    // The first day that can be had is chosen, with the cheapest slot that day.
    await waitFor(() => expect(within(days).getByRole('radio', { name: 'Tuesday 15 December' })).toBeChecked());
    const slots = screen.getByRole('group', { name: 'Delivery time' });
    await waitFor(() => expect(within(slots).getByRole('radio', { name: /Afternoon/ })).toBeChecked());
    expect(within(slots).getByRole('radio', { name: /Morning.*\+£3\.00/ })).toBeEnabled();
    expect(screen.getByTestId('checkout-when')).toHaveTextContent('Delivery on Tuesday 15 December, Afternoon');
  });

  it('shows two weeks of days, and later ones on asking, up to Christmas closing', async () => {
    shop();
    const user = await openCheckout();
    const days = dayGroup('Delivery day');
    expect(within(days).getAllByRole('radio')).toHaveLength(14);
    await user.click(screen.getByRole('button', { name: 'Later days' }));
    expect(within(days).getAllByRole('radio')).toHaveLength(28);
    const christmas = within(days).getByRole('radio', { name: 'Friday 25 December' });
    expect(christmas).toBeDisabled();
    expect(christmas).toHaveAccessibleDescription(/Christmas/);
  });

  it('checks the postcode as it is typed: the zone and its fee, then the total with the slot', async () => {
    shop();
    const user = await openCheckout();
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('Chosen below');
    await user.type(screen.getByLabelText('Delivery postcode'), 'bs4 2');
    expect(screen.getByTestId('postcode-check')).toHaveTextContent('We deliver to BS4 (Near the studio): £5.00 delivery.');
    await user.type(screen.getByLabelText("Recipient's name"), 'Ada Rose');
    await user.type(screen.getByLabelText("Recipient's phone (optional)"), '07700 900123');
    await user.type(screen.getByLabelText('Delivery address'), '3 Hill Street');
    await user.type(screen.getByLabelText('Delivery town or city'), 'Bristol');
    await user.type(screen.getByLabelText('Delivery postcode'), 'AA');
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('£5.00');
    expect(pay()).toHaveTextContent('Pay £50.00');

    await user.click(within(screen.getByRole('group', { name: 'Delivery time' })).getByRole('radio', { name: /Morning/ }));
    expect(screen.getByTestId('checkout-surcharge')).toHaveTextContent('£3.00');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('£53.00');
  });

  it('says when a postcode is outside the area, charges nothing for it, and offers collection', async () => {
    shop();
    const user = await openCheckout();
    await user.type(screen.getByLabelText('Delivery postcode'), 'BA1 1AA');
    expect(screen.getByTestId('postcode-check')).toHaveTextContent(/BA1/);
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('Chosen below');
    expect(pay()).toHaveTextContent('Pay £45.00');
    await user.click(within(screen.getByTestId('postcode-check')).getByRole('button', { name: 'Collect from the studio instead' }));
    expect(screen.getByRole('radio', { name: /Collection/ })).toBeChecked();
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('Free');
  });

  it('lets collection be had today, at a time far enough ahead', async () => {
    shop();
    const user = await openCheckout();
    await user.click(screen.getByRole('radio', { name: /Collection/ }));
    const days = dayGroup('Collection day');
    expect(within(days).getByRole('radio', { name: 'Monday 14 December' })).toBeChecked();
    const time = screen.getByLabelText('Collection time');
    const times = within(time)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // An hour's notice from 12:30, on the half hour, until the last half hour before closing.
    expect(times[1]).toBe('13:30');
    expect(times.at(-1)).toBe('17:30');
    await user.selectOptions(time, '14:00');
    expect(screen.getByTestId('checkout-when')).toHaveTextContent('Collection from the studio on Monday 14 December at 14:00');
    expect(pay()).toHaveTextContent('Pay £45.00');
  });

  it('counts the card message as it is typed, and refuses a seventh line', async () => {
    shop();
    const user = await openCheckout();
    const message = screen.getByLabelText('Card message (optional)');
    await user.type(message, 'Happy birthday');
    expect(screen.getByTestId('card-count')).toHaveTextContent('236 characters left · 5 lines left');
    await user.clear(message);
    await user.type(message, 'a{Enter}b{Enter}c{Enter}d{Enter}e{Enter}f{Enter}g');
    expect(screen.getByTestId('card-count')).toHaveTextContent(/line/);
    await fillCustomer(user);
    await user.click(screen.getByRole('checkbox', { name: /Deliver to me/ }));
    await user.click(pay());
    expect(screen.getByRole('alert')).not.toBeEmptyDOMElement();
    expect(message).toHaveFocus();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(calls('PUT', '/api/cart/fulfilment/')).toHaveLength(0);
  });

  it('asks where the flowers are going before the billing details, and says whether and when', async () => {
    shop();
    const user = await openCheckout();
    const check = screen.getByLabelText('Check a postcode');
    expect(check.compareDocumentPosition(screen.getByRole('textbox', { name: 'Email' }))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await user.type(check, 'bs3 1aa');
    // 12:30 on Monday: past the noon cut-off, so Tuesday is the first day.
    expect(screen.getByTestId('postcode-first')).toHaveTextContent('We deliver to BS3 (Near the studio): £5.00 delivery. From Tuesday 15 December.');
    // The same postcode is the delivery's: nothing to type twice.
    expect(screen.getByLabelText('Delivery postcode')).toHaveValue('bs3 1aa');
    await user.clear(check);
    await user.type(check, 'BA1 1AA');
    expect(screen.getByTestId('postcode-first')).toHaveTextContent(/BA1/);
    await user.click(within(screen.getByTestId('postcode-first')).getByRole('button', { name: 'Collect from the studio instead' }));
    expect(screen.getByRole('radio', { name: /Collection/ })).toBeChecked();
  });

  it('says today’s cut-off by the postcode while today can still be had', async () => {
    vi.setSystemTime(new Date('2026-12-14T09:00:00Z'));
    shop();
    const user = await openCheckout();
    await user.type(screen.getByLabelText('Check a postcode'), 'BS4 2AA');
    expect(screen.getByTestId('postcode-first')).toHaveTextContent('Order by 12:00 for delivery today.');
  });

  it('sends a delivery without the recipient’s phone, which only helps the driver', async () => {
    shop();
    const user = await openCheckout();
    await fillCustomer(user);
    const phone = screen.getByLabelText("Recipient's phone (optional)");
    expect(phone).not.toBeRequired();
    expect(phone).toHaveAccessibleDescription(/helps the driver/i);
    await user.type(screen.getByLabelText("Recipient's name"), 'Amy Cole');
    await user.type(screen.getByLabelText('Delivery address'), '27 North Street');
    await user.type(screen.getByLabelText('Delivery town or city'), 'Bristol');
    await user.type(screen.getByLabelText('Delivery postcode'), 'BS3 1AA');
    await fillDeclinedCard(user);
    await user.click(pay());
    await waitFor(() => expect(calls('PUT', '/api/cart/fulfilment/')).toHaveLength(1));
    const sent = (await calls('PUT', '/api/cart/fulfilment/')[0]!.clone().json()) as Record<string, string>;
    expect(sent).toMatchObject({ recipient_name: 'Amy Cole', recipient_phone: '', postcode: 'BS3 1AA' });
  });

  it('marks each delivery field that is missing and focuses the first', async () => {
    shop();
    const user = await openCheckout();
    await fillCustomer(user);
    await user.click(pay());
    const name = screen.getByLabelText("Recipient's name");
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Please tell us who the flowers are for.');
    expect(screen.getByLabelText('Delivery address')).toHaveAttribute('aria-invalid', 'true');
    expect(calls('PUT', '/api/cart/fulfilment/')).toHaveLength(0);
  });

  it('sends the choice, the shopper as recipient and the card, before asking for the payment', async () => {
    shop();
    const user = await openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('checkbox', { name: /Deliver to me/ }));
    expect(screen.getByTestId('deliver-to-me')).toHaveTextContent('12 Wells Road, Bristol, BS14 9AB');
    await user.type(screen.getByLabelText('Card message (optional)'), 'With love{Enter}from us both');
    await user.type(screen.getByLabelText(/^From/), 'Jo and Sam');
    const intentsBefore = calls('GET', '/api/payment/check_intent/').length;
    await fillDeclinedCard(user);
    await user.click(pay());
    await waitFor(() => expect(calls('PUT', '/api/cart/fulfilment/')).toHaveLength(1));
    const sent = (await calls('PUT', '/api/cart/fulfilment/')[0]!.clone().json()) as Record<string, string>;
    expect(sent).toMatchObject({
      cart_id: oneBouquet.id,
      method: 'delivery',
      date: '2026-12-15',
      slot: 'Afternoon',
      recipient_name: 'Jo Bloom',
      recipient_phone: '0117 496 0123',
      address_line1: '12 Wells Road',
      city: 'Bristol',
      postcode: 'BS14 9AB',
      card_message: 'With love\nfrom us both',
      card_from: 'Jo and Sam',
    });
    await waitFor(() => expect(calls('GET', '/api/payment/check_intent/').length).toBe(intentsBefore + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed: Your card was declined.');
  });

  it('puts the server’s refusal of the choice beside its field, and takes no payment', async () => {
    mockApi.on('PUT', '/api/cart/fulfilment/', () =>
      json({ error: 'Please check the delivery details.', fields: { date: 'Order by 12:00 for same-day delivery. Please choose another day.' } }, 400),
    );
    shop();
    const user = await openCheckout();
    await fillCustomer(user);
    await user.click(screen.getByRole('checkbox', { name: /Deliver to me/ }));
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1230');
    await user.type(screen.getByLabelText('Security code (CVC)'), '123');
    await user.click(pay());
    expect(await screen.findByText('Order by 12:00 for same-day delivery. Please choose another day.')).toBeInTheDocument();
    expect(within(dayGroup('Delivery day')).getByRole('radio', { name: 'Tuesday 15 December' })).toHaveFocus();
    expect(calls('POST', '/api/payment/simulated/confirm/')).toHaveLength(0);
  });
});
