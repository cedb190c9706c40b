import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { OrderBook as Book } from '../api/orders-api';
import { OrderBook } from './order-book';
import { orderLine } from './order-fixtures';

const book: Book = {
  today: '2026-12-14',
  found: 5,
  listed: 5,
  statuses: [
    { status: 'new', label: 'New', mails_customer: false },
    { status: 'confirmed', label: 'Confirmed', mails_customer: false },
    { status: 'collected', label: 'Collected', mails_customer: false },
  ],
  days: [
    {
      date: '2026-12-11',
      day: 'Friday 11 December',
      relative: '',
      deliveries: 1,
      collections: 0,
      cancelled: 0,
      not_listed: 0,
      orders: [orderLine(3, { date: '2026-12-11', overdue: true, status: 'confirmed', status_label: 'Confirmed' })],
    },
    {
      date: '2026-12-14',
      day: 'Monday 14 December',
      relative: 'Today',
      deliveries: 3,
      collections: 1,
      cancelled: 0,
      not_listed: 0,
      orders: [
        orderLine(9),
        orderLine(8, { method: 'collection', when: '14:00', recipient: 'Jo Bloom', postcode: '', studio_order: true }),
        orderLine(7, { status: 'out_for_delivery', status_label: 'Out for delivery', refund_pending: true }),
        orderLine(6, { payment_alerts: ['Fraud warning: check before it goes out'] }),
      ],
    },
  ],
};

const TODAY = 'Today · Monday 14 December';

function queries() {
  return mockApi.requests.filter((r) => new URL(r.url).pathname === '/api/admin/orders/').map((r) => new URL(r.url).searchParams);
}

function openBook(at = '/admin/orders') {
  mockApi.on('GET', '/api/admin/orders/', () => json(book));
  const onSignedOut = vi.fn();
  renderPage(<OrderBook onSignedOut={onSignedOut} />, { path: '/admin/orders', at });
  return { onSignedOut };
}

describe('the day’s work', () => {
  it('groups the orders by day, with counts, overdue said in words, and each row a link to its order', async () => {
    openBook();
    const today = await screen.findByRole('region', { name: 'Today · Monday 14 December' });
    expect(today).toHaveTextContent('3 deliveries · 1 collection');
    const rows = within(within(today).getByRole('list', { name: 'Orders for Monday 14 December' })).getAllByRole('link');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveAttribute('href', '/admin/orders/9');
    expect(rows[0]).toHaveTextContent('FS-000009');
    expect(rows[0]).toHaveTextContent('Delivery, Afternoon');
    expect(rows[0]).toHaveTextContent('Ada Rose · BS3 1AA');
    expect(rows[0]).toHaveTextContent('1 × Peony Posy');
    expect(rows[0]).toHaveTextContent('£50.00');
    expect(rows[1]).toHaveTextContent('Collection, 14:00');
    expect(rows[1]).toHaveTextContent('Phone order');
    expect(rows[2]).toHaveTextContent('Out for delivery');
    expect(rows[2]).toHaveTextContent('Refund being retried');
    expect(rows[3]).toHaveTextContent('Fraud warning: check before it goes out');
    expect(within(today).getByRole('link', { name: 'Day sheet for Monday 14 December' })).toHaveAttribute('href', '/admin/orders/day/2026-12-14');

    // The past day comes first, and says it is overdue in words.
    const days = screen.getAllByRole('region');
    expect(days[0]).toHaveAccessibleName('Friday 11 December');
    expect(within(days[0]!).getByRole('link', { name: /FS-000003/ })).toHaveTextContent('Overdue');
    expect(screen.getByRole('link', { name: 'Take a phone order' })).toHaveAttribute('href', '/admin/orders/new');
    expect(queries()[0]?.toString()).toBe('');
  });

  it('asks again by itself every 30 s while the tab is visible, keeping the list on show, and not while hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      openBook();
      await screen.findByRole('region', { name: TODAY });
      expect(queries()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(queries()).toHaveLength(2));
      expect(screen.getByRole('region', { name: TODAY })).toBeInTheDocument();
      // In the background: nothing asked; back in view: asked at once.
      const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(90_000);
      expect(queries()).toHaveLength(2);
      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(queries()).toHaveLength(3));
    } finally {
      vi.useRealTimers();
    }
  });

  it('always shows today, with "Nothing booked yet" when it is empty, and the filters folded away', async () => {
    mockApi.on('GET', '/api/admin/orders/', () =>
      json({ ...book, days: [{ ...book.days[1]!, deliveries: 0, collections: 0, orders: [] }] }),
    );
    renderPage(<OrderBook onSignedOut={() => {}} />, { path: '/admin/orders' });
    const today = await screen.findByRole('region', { name: TODAY });
    expect(today).toHaveTextContent('Nothing booked yet.');
    expect(within(today).queryByRole('link', { name: /Day sheet/ })).not.toBeInTheDocument();
    // The filters wait under "Find orders".
    const fold = screen.getByText('Find orders').closest('details')!;
    expect(fold).not.toHaveAttribute('open');
  });

  it('says how many of a busy day’s orders the answer left out, and still offers the day sheet', async () => {
    mockApi.on('GET', '/api/admin/orders/', () =>
      json({ ...book, found: 1204, listed: 200, days: [{ ...book.days[1]!, deliveries: 1100, collections: 104, not_listed: 1200 }] }),
    );
    renderPage(<OrderBook onSignedOut={() => {}} />, { path: '/admin/orders' });
    const today = await screen.findByRole('region', { name: TODAY });
    expect(today).toHaveTextContent('1200 more orders on this day are not listed here');
    expect(within(today).getByRole('link', { name: /Day sheet/ })).toBeInTheDocument();
  });

  it('moves the ticked orders together, and says in words which were refused', async () => {
    const user = userEvent.setup();
    const onChanged = vi.fn();
    mockApi.on('GET', '/api/admin/orders/', () => json(book));
    mockApi.on('POST', '/api/admin/orders/moves/', () =>
      json({
        moved: 1,
        orders: [
          { id: 9, reference: 'FS-000009', moved: true, said: 'FS-000009 is now confirmed.' },
          { id: 6, reference: 'FS-000006', moved: false, said: 'FS-000006: someone else moved it meanwhile. Please look at it again.' },
        ],
      }),
    );
    renderPage(<OrderBook onSignedOut={() => {}} onChanged={onChanged} />, { path: '/admin/orders' });
    await screen.findByRole('region', { name: TODAY });
    await user.click(screen.getByRole('checkbox', { name: 'Tick FS-000009' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tick FS-000006' }));
    const bar = screen.getByRole('region', { name: 'Move the ticked orders' });
    expect(bar).toHaveTextContent('2 orders ticked');
    // Their common next step is offered first; it asks before anything moves.
    await user.click(within(bar).getByRole('button', { name: 'Mark 2 confirmed' }));
    const asking = within(bar).getByRole('alertdialog', { name: 'Mark 2 confirmed?' });
    expect(within(asking).getByRole('button', { name: 'Go back' })).toHaveFocus();
    expect(mockApi.requests.some((r) => r.url.endsWith('/api/admin/orders/moves/'))).toBe(false);
    await user.click(within(asking).getByRole('button', { name: 'Yes, mark 2 confirmed' }));

    expect(await screen.findByText('1 order moved.')).toBeInTheDocument();
    expect(screen.getByText('FS-000006: someone else moved it meanwhile. Please look at it again.')).toBeInTheDocument();
    const sent = mockApi.requests.find((r) => r.url.endsWith('/api/admin/orders/moves/'))!;
    expect(await sent.clone().json()).toEqual({ to: 'confirmed', orders: [{ id: 9, from: 'new' }, { id: 6, from: 'new' }] });
    expect(onChanged).toHaveBeenCalled();
    // The moved one is unticked; the refused one stays ticked, to look at again.
    expect(screen.getByRole('checkbox', { name: 'Tick FS-000009' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tick FS-000006' })).toBeChecked();
  });

  it('ticks a whole day at once, and offers any step for the ticked orders', async () => {
    const user = userEvent.setup();
    openBook();
    const today = await screen.findByRole('region', { name: TODAY });
    await user.click(within(today).getByRole('button', { name: 'Tick all for Monday 14 December' }));
    const bar = screen.getByRole('region', { name: 'Move the ticked orders' });
    expect(bar).toHaveTextContent('4 orders ticked');
    await user.selectOptions(within(bar).getByLabelText('Move to'), 'collected');
    expect(within(bar).getByRole('button', { name: 'Mark 4 collected' })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Untick all' }));
    expect(screen.queryByRole('region', { name: 'Move the ticked orders' })).not.toBeInTheDocument();
  });

  it('asks the server again with the filters chosen: status and method at once, the search and days on sending', async () => {
    const user = userEvent.setup();
    openBook();
    await screen.findByRole('region', { name: 'Today · Monday 14 December' });
    await user.click(screen.getByText('Find orders'));
    await user.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    await waitFor(() => expect(queries().at(-1)?.get('status')).toBe('confirmed'));
    // The filters stay where they are: a keyboard user keeps their place.
    expect(screen.getByLabelText('Status')).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('Delivery or collection'), 'collection');
    await waitFor(() => expect(queries().at(-1)?.get('method')).toBe('collection'));

    await user.type(screen.getByLabelText('Search'), 'bs3 1aa');
    await user.type(screen.getByLabelText('From'), '2026-12-14');
    await user.type(screen.getByLabelText('To'), '2026-12-20');
    await user.click(screen.getByRole('button', { name: 'Show orders' }));
    await waitFor(() => expect(queries().at(-1)?.get('q')).toBe('bs3 1aa'));
    const last = queries().at(-1)!;
    expect(Object.fromEntries(last)).toEqual({ status: 'confirmed', method: 'collection', q: 'bs3 1aa', from: '2026-12-14', to: '2026-12-20' });
    // What was typed stays in the boxes, and the export is for the days chosen.
    expect(await screen.findByLabelText('Search')).toHaveValue('bs3 1aa');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', expect.stringContaining('/api/admin/orders/export/?from=2026-12-14&to=2026-12-20'));
    expect(await screen.findByText('5 orders found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to the day’s work' }));
    await waitFor(() => expect(queries().at(-1)?.toString()).toBe(''));
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('exports today when no days are chosen', async () => {
    openBook();
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', expect.stringContaining('from=2026-12-14&to=2026-12-14'));
    expect(link).toHaveAttribute('download');
  });

  it('strikes out refunded lines and shows the amount after refunds, in words for screen readers too', async () => {
    mockApi.on('GET', '/api/admin/orders/', () =>
      json({
        ...book,
        days: [
          {
            ...book.days[1]!,
            orders: [
              orderLine(9, {
                items: '2 × Peony Posy, 1 × Bud Vase',
                lines: [
                  { name: 'Peony Posy', quantity: 2, refunded_quantity: 1 },
                  { name: 'Bud Vase', quantity: 1, refunded_quantity: 1 },
                ],
                total: '110.50',
                refunded: '57.50',
                net_total: '53.00',
              }),
            ],
          },
        ],
      }),
    );
    renderPage(<OrderBook onSignedOut={() => {}} />, { path: '/admin/orders' });
    const row = await screen.findByRole('link', { name: /FS-000009/ });
    // Read as one line: what is kept, then what was given back.
    expect(row).toHaveTextContent('1 × Peony Posy 1 × Peony Posy refunded, 1 × Bud Vase refunded');
    const struck = Array.from(row.querySelectorAll('s')).map((s) => s.textContent);
    expect(struck).toEqual(['1 × Peony Posy refunded', '1 × Bud Vase refunded', 'was £110.50']);
    expect(row).toHaveTextContent('was £110.50 £53.00 after £57.50 refunded');
  });

  it('flags an order whose day the studio has since closed', async () => {
    mockApi.on('GET', '/api/admin/orders/', () =>
      json({ ...book, days: [{ ...book.days[1]!, orders: [orderLine(9, { studio_closed: 'Closed for a wedding' }), orderLine(8)] }] }),
    );
    renderPage(<OrderBook onSignedOut={() => {}} />, { path: '/admin/orders' });
    expect(await screen.findByRole('link', { name: /FS-000009/ })).toHaveTextContent('Studio closed this day');
    expect(screen.getByRole('link', { name: /FS-000008/ })).not.toHaveTextContent('Studio closed this day');
  });

  it('goes to the sign-in when the session has ended', async () => {
    mockApi.on('GET', '/api/admin/orders/', () => json({ error: 'Please sign in.' }, 401));
    const onSignedOut = vi.fn();
    renderPage(<OrderBook onSignedOut={onSignedOut} />, { path: '/admin/orders' });
    await waitFor(() => expect(onSignedOut).toHaveBeenCalled());
  });

  it('says when a filter was refused, with the server’s sentence', async () => {
    mockApi.on('GET', '/api/admin/orders/', () => json({ error: 'The last day comes before the first.', fields: { to: 'The last day comes before the first.' } }, 400));
    renderPage(<OrderBook onSignedOut={() => {}} />, { path: '/admin/orders', at: '/admin/orders?from=2026-12-20&to=2026-12-14' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The last day comes before the first.');
  });
});
