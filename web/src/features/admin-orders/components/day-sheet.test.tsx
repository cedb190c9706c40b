import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { DaySheet } from './day-sheet';
import { orderDetail } from './order-fixtures';

describe('the day sheet', () => {
  it('has a block per order without prices, and a card per card message', async () => {
    mockApi.on('GET', '/api/admin/orders/sheet/', () =>
      json([
        orderDetail(),
        orderDetail({
          id: 8,
          reference: 'FS-000008',
          first_name: 'Margaret',
          last_name: 'Hale',
          phone: '0117 496 0000',
          fulfilment: { ...orderDetail().fulfilment!, method: 'collection', slot: '', collection_time: '14:00', recipient_name: '', card_message: '' },
        }),
      ]),
    );
    renderPage(<DaySheet date="2026-12-15" onSignedOut={() => {}} />, { path: '/admin/orders/day/:date', at: '/admin/orders/day/2026-12-15' });
    const delivery = await screen.findByRole('article', { name: 'Delivery · Morning' });
    expect(delivery).toHaveTextContent('Ada Rose');
    expect(delivery).toHaveTextContent('07700 900123');
    expect(delivery).toHaveTextContent('3 Hill Street');
    // The vase was refunded: only what is left to make is on the sheet.
    expect(delivery).toHaveTextContent('2 × Peony Posy (Large)');
    expect(delivery).not.toHaveTextContent('Bud Vase');
    expect(delivery).toHaveTextContent('Blue door');
    expect(delivery).not.toHaveTextContent('£');
    expect(screen.getByRole('article', { name: 'Collection · 14:00' })).toHaveTextContent('Margaret Hale');
    expect(screen.getByRole('heading', { name: 'Day sheet Tuesday 15 December' })).toBeInTheDocument();
    const cards = within(screen.getByRole('region', { name: 'Cards' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual(['To Ada RoseHappy birthday, Ada!from JoFS-000007']);
    // Neither order's day is closed.
    expect(screen.queryByText('Studio closed this day')).not.toBeInTheDocument();
    const asked = mockApi.requests.map((r) => new URL(r.url)).find((url) => url.pathname === '/api/admin/orders/sheet/');
    expect(asked?.searchParams.get('date')).toBe('2026-12-15');
  });

  it('flags an order on a day the studio has since closed', async () => {
    mockApi.on('GET', '/api/admin/orders/sheet/', () => json([orderDetail({ studio_closed: 'Closed for a wedding' })]));
    renderPage(<DaySheet date="2026-12-15" onSignedOut={() => {}} />, { path: '/admin/orders/day/:date', at: '/admin/orders/day/2026-12-15' });
    const delivery = await screen.findByRole('article', { name: 'Delivery · Morning' });
    expect(within(delivery).getByText('Studio closed this day')).toHaveAttribute('title', 'Closed for a wedding');
  });
});
