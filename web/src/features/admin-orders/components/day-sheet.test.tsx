import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { DaySheet as Sheet, OrderDetail } from '../api/orders-api';
import { DaySheet } from './day-sheet';
import { orderDetail } from './order-fixtures';

function sheetOf(orders: OrderDetail[], toMake: Sheet['to_make'] = []): Sheet {
  return {
    date: '2026-12-15',
    day: 'Tuesday 15 December',
    slots: [
      { name: 'Morning', hours: '09:00–13:00', deliveries: orders.filter((o) => o.fulfilment?.method === 'delivery').length },
      { name: 'Afternoon', hours: '13:00–18:00', deliveries: 0 },
    ],
    to_make: toMake,
    orders,
  };
}

describe('the day sheet', () => {
  it('has a block per order without prices, and a card per card message', async () => {
    mockApi.on('GET', '/api/admin/orders/sheet/', () =>
      json(sheetOf([
        orderDetail(),
        orderDetail({
          id: 8,
          reference: 'FS-000008',
          first_name: 'Margaret',
          last_name: 'Hale',
          phone: '0117 496 0000',
          fulfilment: { ...orderDetail().fulfilment!, method: 'collection', slot: '', collection_time: '14:00', recipient_name: '', card_message: '' },
        }),
      ], [
        { name: 'Bud Vase', quantity: 1 },
        { name: 'Peony Posy (Large)', quantity: 4 },
      ])),
    );
    renderPage(<DaySheet date="2026-12-15" onSignedOut={() => {}} />, { path: '/admin/orders/day/:date', at: '/admin/orders/day/2026-12-15' });
    const delivery = await screen.findByRole('article', { name: 'Delivery · Morning 09:00–13:00' });
    expect(delivery).toHaveTextContent('Ada Rose');
    // The phone rings when tapped, the address opens in maps.
    expect(within(delivery).getByRole('link', { name: '07700 900123' })).toHaveAttribute('href', 'tel:07700900123');
    expect(within(delivery).getByRole('link', { name: 'Open in maps for 3 Hill Street, Bristol, BS3 1AA (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=3%20Hill%20Street%2C%20Bristol%2C%20BS3%201AA',
    );
    expect(within(delivery).getByRole('link', { name: '0117 496 0123' })).toHaveAttribute('href', 'tel:01174960123');
    expect(within(delivery).getByRole('checkbox', { name: 'Done: FS-000007' })).not.toBeChecked();
    expect(delivery).toHaveTextContent('3 Hill Street');
    // The vase was refunded: only what is left to make is on the sheet.
    expect(delivery).toHaveTextContent('2 × Peony Posy (Large)');
    expect(delivery).not.toHaveTextContent('Bud Vase');
    expect(delivery).toHaveTextContent('Blue door');
    expect(delivery).not.toHaveTextContent('£');
    expect(screen.getByRole('article', { name: 'Collection · 14:00' })).toHaveTextContent('Margaret Hale');
    expect(screen.getByRole('heading', { name: 'Day sheet Tuesday 15 December' })).toBeInTheDocument();
    const cards = within(screen.getByRole('region', { name: 'Cards' })).getAllByRole('listitem');
    // The card is the recipient's: no order reference on it.
    expect(cards.map((card) => card.textContent)).toEqual(['To Ada RoseHappy birthday, Ada!from Jo']);
    // The slots with their hours, and the bench's tally, each line with a box to tick.
    expect(screen.getByRole('list', { name: 'Delivery slots' })).toHaveTextContent('Morning 09:00–13:00 · 1 delivery');
    expect(screen.getByRole('list', { name: 'Delivery slots' })).not.toHaveTextContent('Afternoon');
    const make = screen.getByRole('region', { name: 'To make' });
    expect(within(make).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['1 × Bud Vase', '4 × Peony Posy (Large)']);
    // Neither order's day is closed.
    expect(screen.queryByText('Studio closed this day')).not.toBeInTheDocument();
    const asked = mockApi.requests.map((r) => new URL(r.url)).find((url) => url.pathname === '/api/admin/orders/sheet/');
    expect(asked?.searchParams.get('date')).toBe('2026-12-15');
  });

  it('flags an order on a day the studio has since closed', async () => {
    mockApi.on('GET', '/api/admin/orders/sheet/', () => json(sheetOf([orderDetail({ studio_closed: 'Closed for a wedding' })])));
    renderPage(<DaySheet date="2026-12-15" onSignedOut={() => {}} />, { path: '/admin/orders/day/:date', at: '/admin/orders/day/2026-12-15' });
    const delivery = await screen.findByRole('article', { name: 'Delivery · Morning 09:00–13:00' });
    expect(within(delivery).getByText('Studio closed this day')).toHaveAttribute('title', 'Closed for a wedding');
  });
});
