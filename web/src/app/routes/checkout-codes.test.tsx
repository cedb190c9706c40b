// The checkout's one field for a gift voucher or an offer code: the figures worked out in the page
// by the core's rules (the checkout's wasm module) from what the server answered of the codes, a
// code judged again at once when the day changes, a refusal's sentence by the box with what was
// typed kept, and a voucher covering the whole total placing the order with no card.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_ID_KEY } from '@/features/cart/stores/cart-context';
import type { Cart } from '@/lib/api-client';
import { fillCheckout, studioDelivers } from '@/testing/checkout';
import { cartLine, cartWith } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import CheckoutPage from './checkout';

/** One Classic Peony Posy: £45.00. */
const bouquet = cartLine({ quantity: 1 });
const oneBouquet: Cart = cartWith([bouquet]);

function codes(overrides: Record<string, unknown>) {
  return {
    voucher: null,
    offer: null,
    problems: [],
    items: '45.00',
    delivery: '5.00',
    surcharge: '0.00',
    discount: '0.00',
    total: '50.00',
    paid_by_voucher: '0.00',
    to_pay: '50.00',
    lines: [{ product: bouquet.product_id, shelf: 3, total: '45.00' }],
    ...overrides,
  };
}

const voucher = (available: string, pays: string, left: string) => ({
  code: 'K7QM-2XHD-9PRT',
  available,
  pays,
  left_after: left,
  expires_on: '2028-12-14',
  balance: available,
  voided: false,
});

/** TUESDAY10 as the server answers it once applied: 10% off, for Tuesday deliveries only. */
const tuesdayTen = (discount: string) => ({
  code: 'TUESDAY10',
  summary: '10% off, Tuesday deliveries',
  discount,
  terms: {
    kind: 'percent_off' as const,
    percent: 10,
    amount: null,
    minimum_spend: null,
    valid_from: null,
    valid_until: null,
    weekdays: ['tuesday' as const],
    slots: [],
    products: [],
    shelves: [],
    withdrawn: false,
    used_up: false,
  },
});

/** The server's codes for the cart: what apply_code answered last, also for GET codes/ after a change of day. */
function serverApplies(answer: ReturnType<typeof codes>, seen: (body: unknown) => void = () => {}) {
  let current = codes({});
  mockApi.on('GET', '/api/cart/codes/', () => json(current));
  mockApi.on('POST', '/api/cart/apply_code/', async (request) => {
    seen(await request.json());
    current = answer;
    return json(current);
  });
}

/** The calls about the cart's codes made since the `since`th request. */
function codeCalls(since: number): string[] {
  return mockApi.requests
    .slice(since)
    .map((request) => `${request.method} ${new URL(request.url).pathname}`)
    .filter((call) => call.includes('code'));
}

async function openCheckout() {
  localStorage.setItem(CART_ID_KEY, oneBouquet.id);
  mockApi.on('GET', '/api/payment/config/', () => json({ provider: 'simulated', publishable_key: null }));
  studioDelivers();
  const user = userEvent.setup();
  renderPage(<CheckoutPage />, { path: '/checkout', cart: oneBouquet });
  await screen.findByRole('radio', { name: /Delivery/ });
  return user;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-14T09:30:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a gift voucher or offer code at the checkout', () => {
  it('shows the voucher’s line and what is left on it, and charges the card the rest', async () => {
    mockApi.on('GET', '/api/payment/check_intent/', () => json({ client_secret: 'pi_1_secret_x', total: '25.00' }));
    let applied: unknown = null;
    serverApplies(codes({ voucher: voucher('25.00', '25.00', '0.00'), paid_by_voucher: '25.00', to_pay: '25.00' }), (body) => {
      applied = body;
    });
    const user = await openCheckout();
    await fillCheckout(user);
    const field = screen.getByRole('textbox', { name: 'Gift voucher or offer code' });
    await user.type(field, 'k7qm 2xhd 9prt');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    // £45.00 and £5.00 delivery to BS14 this afternoon: the voucher pays £25.00, the card the rest.
    const summary = screen.getByRole('complementary', { name: 'Your order' });
    expect(await within(summary).findByTestId('checkout-voucher')).toHaveTextContent('−£25.00');
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('£25.00');
    expect(within(summary).getByText(/£0.00 left on it/)).toBeInTheDocument();
    expect(applied).toEqual({ cart_id: oneBouquet.id, code: 'k7qm 2xhd 9prt', method: 'delivery', date: '2026-12-14', slot: 'Afternoon' }); // the day the page shows
    expect(field).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Pay £25.00' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove gift voucher K7QM-2XHD-9PRT' })).toBeInTheDocument();
  });

  it('judges a Tuesday-only code again in the page when the day shown becomes a Wednesday, asking the server nothing', async () => {
    mockApi.on('GET', '/api/payment/check_intent/', () => json({ client_secret: 'pi_1_secret_x', total: '45.50' }));
    // Applied for Tuesday (the day shown then): 10% off £45.00.
    serverApplies(codes({ offer: tuesdayTen('4.50'), discount: '4.50', delivery: '5.00', surcharge: '0.00', total: '45.50', to_pay: '45.50' }));
    const user = await openCheckout();
    await fillCheckout(user);
    const days = screen.getByRole('group', { name: 'Delivery day' });
    await user.click(within(days).getByRole('radio', { name: 'Tuesday 15 December' }));
    await user.type(screen.getByRole('textbox', { name: 'Gift voucher or offer code' }), 'tuesday10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const summary = screen.getByRole('complementary', { name: 'Your order' });
    expect(await within(summary).findByTestId('checkout-discount')).toHaveTextContent('−£4.50');
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('£45.50');

    // Wednesday: the code takes nothing off, and says why.
    const asked = mockApi.requests.length;
    await user.click(within(days).getByRole('radio', { name: 'Wednesday 16 December' }));
    expect(await within(summary).findByText('This code is for Tuesday deliveries.')).toBeInTheDocument();
    expect(within(summary).queryByTestId('checkout-discount')).not.toBeInTheDocument();
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('£50.00');
    expect(codeCalls(asked)).toEqual([]);

    // Back to the Tuesday, the morning this time (£3.00): the tenth comes off again, the surcharge stays.
    await user.click(within(days).getByRole('radio', { name: 'Tuesday 15 December' }));
    await user.click(screen.getByRole('radio', { name: /Morning/ }));
    await waitFor(() => expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('£48.50'));
    expect(within(summary).getByTestId('checkout-discount')).toHaveTextContent('−£4.50');
    expect(within(summary).queryByText('This code is for Tuesday deliveries.')).not.toBeInTheDocument();
    expect(codeCalls(asked)).toEqual([]);
  });

  it('asks the server for the lines a code is judged on again when the cart changes in another tab', async () => {
    // 10% off everything, put on in an earlier visit: £4.50 off one bouquet.
    const tenOff = { ...tuesdayTen('4.50'), code: 'TENOFF', summary: '10% off', terms: { ...tuesdayTen('4.50').terms, weekdays: [] } };
    mockApi.on('GET', '/api/payment/check_intent/', () => json({ client_secret: 'pi_1_secret_x', total: '45.50' }));
    let cart = oneBouquet;
    let current = codes({ offer: tenOff, discount: '4.50' });
    mockApi.on('GET', '/api/cart/', () => json(cart));
    mockApi.on('GET', '/api/cart/codes/', () => json(current));
    await openCheckout();
    const summary = screen.getByRole('complementary', { name: 'Your order' });
    expect(await within(summary).findByTestId('checkout-discount')).toHaveTextContent('−£4.50');
    const codesAsked = () => mockApi.requests.filter((request) => new URL(request.url).pathname === '/api/cart/codes/').length;
    const asked = codesAsked();

    // Another tab made it two bouquets; the shopper comes back to this one.
    const two = cartLine({ quantity: 2 });
    cart = cartWith([two]);
    current = codes({ offer: { ...tenOff, discount: '9.00' }, items: '90.00', lines: [{ product: two.product_id, shelf: 3, total: '90.00' }] });
    act(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(within(summary).getByTestId('checkout-discount')).toHaveTextContent('−£9.00'));
    expect(codesAsked()).toBe(asked + 1);
  });

  it('says why a code was refused, by the box, and keeps what was typed', async () => {
    mockApi.on('GET', '/api/payment/check_intent/', () => json({ client_secret: 'pi_1_secret_x', total: '50.00' }));
    mockApi.on('POST', '/api/cart/apply_code/', () =>
      json({ error: 'This code is for Tuesday deliveries.', fields: { code: 'This code is for Tuesday deliveries.' } }, 400),
    );
    const user = await openCheckout();
    const field = screen.getByRole('textbox', { name: 'Gift voucher or offer code' });
    await user.type(field, 'tuesday10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('This code is for Tuesday deliveries.'));
    expect(field).toHaveValue('tuesday10');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('checkout-discount')).not.toBeInTheDocument();
  });

  it('places the order from a voucher that covers it all, with no card form and no payment intent', async () => {
    mockApi.on('GET', '/api/payment/check_intent/', () => json({ client_secret: null, total: '0.00', nothing_to_pay: true }));
    serverApplies(codes({ voucher: voucher('80.00', '50.00', '30.00'), paid_by_voucher: '50.00', to_pay: '0.00' }));
    let placed: Record<string, unknown> | null = null;
    mockApi.on('POST', '/api/orders/', async (request) => {
      placed = (await request.json()) as Record<string, unknown>;
      return json({ id: 9, order_id: 'FS-000009', access_token: 'tok' });
    });
    const user = await openCheckout();
    await user.type(screen.getByRole('textbox', { name: 'Gift voucher or offer code' }), 'K7QM-2XHD-9PRT');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByTestId('checkout-voucher-covers');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

    await fillCheckout(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/order-confirmation/9?token=tok');
    await waitFor(() => expect(placed).toMatchObject({ payment_intent_id: null, cart_id: oneBouquet.id }));
  });
});
