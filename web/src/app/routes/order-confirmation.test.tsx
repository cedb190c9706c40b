import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, never } from '@/testing/mock-api';
import { deliveryOnTheWire, shopperOnTheWire } from '@/testing/checkout';
import { renderPage } from '@/testing/render';
import OrderConfirmationPage from './order-confirmation';

const order = {
  id: 12,
  order_id: 'FS-000012',
  access_token: 'fresh-token',
  ...shopperOnTheWire,
  total: '1324.50',
  created_at: '2026-11-20T14:05:00Z',
  placed_on: '20 November 2026 at 14:05',
  items: [
    { product_name: 'Peony Posy (Classic)', quantity: 2, product_price: '45.00', line_total: '90.00' },
    { product_name: 'Wildflower Meadow', quantity: 1, product_price: '1234.50', line_total: '1234.50' },
  ],
};

const path = '/order-confirmation/:orderId';

function openAt(at: string) {
  renderPage(<OrderConfirmationPage />, { path, at });
}

describe('the order confirmation page', () => {
  it('thanks the shopper and shows the order: number, items, total, delivery and email', async () => {
    mockApi.on('GET', '/api/orders/12', () => json(order));
    openAt('/order-confirmation/12?token=abc%2B1');

    const thanks = await screen.findByRole('heading', { name: 'Thank you, Jo!' });
    // Focus moves in an effect, which may run just after the heading appears.
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(screen.getByTestId('order-number')).toHaveTextContent('FS-000012');
    const items = within(screen.getByRole('list', { name: 'Items in your order' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Peony Posy (Classic)2 × £45.00£90.00',
      'Wildflower Meadow1 × £1,234.50£1,234.50',
    ]);
    expect(screen.getByTestId('order-total')).toHaveTextContent('£1,324.50');
    expect(screen.getByText('Confirmation sent to').nextElementSibling).toHaveTextContent('jo@example.com');
    expect(screen.getByText('20 November 2026 at 14:05')).toBeInTheDocument();
    // Without a choice the order is collected: the address it carries is the buyer's billing
    // address, and is never called the delivery address.
    expect(screen.queryByRole('heading', { name: 'Delivering to' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Collecting from the studio' })).toBeInTheDocument();
    const billing = screen.getByRole('heading', { name: 'Billing address' }).parentElement!;
    expect(billing).toHaveTextContent('Jo Bloom12 Wells RoadBristolBS14 9AB0117 496 0123');
    expect(screen.getAllByRole('link', { name: 'Back to the shop' })[0]).toHaveAttribute('href', '/shop');

    const asked = new URL(mockApi.requests.find((r) => r.url.includes('/api/orders/'))!.url);
    expect(asked.pathname).toBe('/api/orders/12');
    expect(asked.searchParams.get('token')).toBe('abc+1');
  });

  it('shows the delivery chosen: the day, the slot with its hours, the recipient, the fee and the card', async () => {
    mockApi.on('GET', '/api/orders/12', () =>
      json({
        ...order,
        total: '1332.50',
        delivery_fee: '5.00',
        surcharge: '3.00',
        fulfilment: {
          ...deliveryOnTheWire,
          recipient_name: 'Margaret Hale',
          recipient_phone: '0117 496 0000',
          address_line1: '4 Wells Road',
          postcode: 'BS3 4AA',
          instructions: 'Leave with the neighbour at number 6',
          card_message: 'Happy birthday, Mum!\nWith love',
          card_from: 'Ann',
        },
      }),
    );
    openAt('/order-confirmation/12?token=abc');
    expect(await screen.findByTestId('order-when')).toHaveTextContent('Tuesday 15 December, Morning (09:00–13:00)');
    const delivery = screen.getByRole('heading', { name: 'Delivering to' }).parentElement!;
    expect(delivery).toHaveTextContent('Margaret Hale4 Wells RoadBristolBS3 4AA0117 496 0000');
    expect(delivery).not.toHaveTextContent('12 Wells Road');
    expect(screen.getByRole('heading', { name: 'Billing address' }).parentElement!).toHaveTextContent('12 Wells Road');
    expect(delivery).toHaveTextContent('For the driver: Leave with the neighbour at number 6');
    expect(screen.getByTestId('order-delivery-fee')).toHaveTextContent('£5.00');
    expect(screen.getByText('Delivery time').nextElementSibling).toHaveTextContent('£3.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent('£1,332.50');
    const card = screen.getByRole('heading', { name: 'Your card' }).parentElement!;
    expect(card).toHaveTextContent('Happy birthday, Mum! With love');
    expect(card).toHaveTextContent('From Ann');
  });

  it('shows a collection with the studio’s address and no delivery fee', async () => {
    mockApi.on('GET', '/api/orders/12', () =>
      json({
        ...order,
        delivery_fee: '0.00',
        surcharge: '0.00',
        fulfilment: {
          method: 'collection', date: '2026-12-15', day: 'Tuesday 15 December', slot: '', slot_hours: '', collection_time: '10:30',
          recipient_name: '', recipient_phone: '', address_line1: '', address_line2: '', city: '', postcode: '',
          instructions: '', card_message: '', card_from: '',
        },
      }),
    );
    openAt('/order-confirmation/12?token=abc');
    expect(await screen.findByTestId('order-when')).toHaveTextContent('Tuesday 15 December at 10:30');
    expect(screen.getByRole('heading', { name: 'Collecting from the studio' })).toBeInTheDocument();
    expect(screen.queryByTestId('order-delivery-fee')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your card' })).not.toBeInTheDocument();
  });

  it('says the link has expired when the server answers 403', async () => {
    mockApi.on('GET', '/api/orders/12', () => json({ error: 'This link has expired.' }, 403));
    openAt('/order-confirmation/12?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order link has expired for security reasons. Please check your email for order details.',
    );
  });

  it('says it cannot load the order for any other failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi.on('GET', '/api/orders/12', () => json({ error: 'Down.' }, 500));
    openAt('/order-confirmation/12?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load order details');
    expect(screen.queryByText(/expired/)).not.toBeInTheDocument();
  });

  it('says it cannot load the order when the network fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi.on('GET', '/api/orders/12', () => Promise.reject(new TypeError('Failed to fetch')));
    openAt('/order-confirmation/12?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load order details');
  });

  it('says the order was not found for an empty answer', async () => {
    mockApi.on('GET', '/api/orders/12', () => json(null));
    openAt('/order-confirmation/12?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
  });

  it('shows that it is loading', async () => {
    mockApi.on('GET', '/api/orders/12', () => never());
    openAt('/order-confirmation/12?token=abc');
    expect(await screen.findByRole('status')).toHaveTextContent('Fetching your order…');
  });

  it.each(['/order-confirmation/12', '/order-confirmation/12?token='])('goes home from %s, without a token', async (at) => {
    openAt(at);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^Elsewhere: \/$/);
    expect(mockApi.requests.some((r) => r.url.includes('/api/orders/'))).toBe(false);
  });
  it('shows where the order is, each step reached with its time in the server’s words', async () => {
    mockApi.on('GET', '/api/orders/12', () =>
      json({
        ...order,
        status: 'confirmed',
        status_label: 'Confirmed',
        progress: [
          { status: 'new', label: 'Order placed', done: true, at: '2026-12-14T09:05:00Z', when: 'Mon 14 Dec, 09:05' },
          { status: 'confirmed', label: 'Confirmed', done: true, at: '2026-06-16T08:12:00Z', when: 'Tue 16 Jun, 09:12' },
          { status: 'out_for_delivery', label: 'Out for delivery', done: false, at: null, when: null },
          { status: 'delivered', label: 'Delivered', done: false, at: null, when: null },
        ],
      }),
    );
    openAt('/order-confirmation/12?token=abc');
    const progress = await screen.findByRole('region', { name: 'Where your order is' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Order placedMon 14 Dec, 09:05',
      'ConfirmedTue 16 Jun, 09:12',
      'Out for deliveryNot yet',
      'DeliveredNot yet',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    // The spec's words stay as they are.
    expect(screen.getByRole('heading', { name: 'Thank you, Jo!' })).toBeInTheDocument();
  });

  it('says plainly when the order was cancelled', async () => {
    mockApi.on('GET', '/api/orders/12', () =>
      json({
        ...order,
        status: 'cancelled',
        status_label: 'Cancelled',
        progress: [
          { status: 'new', label: 'Order placed', done: true, at: '2026-12-14T09:05:00Z', when: 'Mon 14 Dec, 09:05' },
          { status: 'confirmed', label: 'Confirmed', done: false, at: null, when: null },
          { status: 'ready_for_collection', label: 'Ready for collection', done: false, at: null, when: null },
          { status: 'collected', label: 'Collected', done: false, at: null, when: null },
        ],
      }),
    );
    openAt('/order-confirmation/12?token=abc');
    const progress = await screen.findByRole('region', { name: 'Where your order is' });
    expect(within(progress).getAllByRole('listitem').map((step) => step.textContent)).toEqual(['Order placedMon 14 Dec, 09:05', 'Cancelled']);
    expect(progress).toHaveTextContent('This order was cancelled.');
  });
});
