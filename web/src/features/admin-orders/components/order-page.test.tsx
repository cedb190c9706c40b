import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { demoDelivery } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { OrderDetail } from '../api/orders-api';
import { orderDetail } from './order-fixtures';
import { OrderPage } from './order-page';

function sent(method: string, path: string) {
  return mockApi.requests.filter((r) => r.method === method && new URL(r.url).pathname === path);
}

function openOrder(order: OrderDetail = orderDetail()) {
  mockApi.on('GET', '/api/admin/orders/7/', () => json(order));
  const onChanged = vi.fn();
  const onSignedOut = vi.fn();
  renderPage(<OrderPage id={7} onChanged={onChanged} onSignedOut={onSignedOut} />, { path: '/admin/orders/:id', at: '/admin/orders/7' });
  return { onChanged, onSignedOut };
}

const confirmed = orderDetail({
  status: 'confirmed',
  status_label: 'Confirmed',
  history: [
    { status: 'new', label: 'New', by: 'shop', at: '2026-12-13T18:05:00Z', note: null },
    { status: 'confirmed', label: 'Confirmed', by: 'studio', at: '2026-12-14T09:12:00Z', note: null },
  ],
  moves: {
    next: { status: 'ready', label: 'Ready', mails_customer: false },
    later: [
      { status: 'out_for_delivery', label: 'Out for delivery', mails_customer: true },
      { status: 'delivered', label: 'Delivered', mails_customer: true },
    ],
    back: { status: 'new', label: 'New', mails_customer: false },
  },
});

describe('an order’s page', () => {
  it('says in words what Stripe reported of the payment, the open news marked', async () => {
    openOrder(
      orderDetail({
        payment_alerts: [
          { kind: 'fraud_warning', text: 'The card’s issuer warned that this payment may be fraudulent.', open: true, at: '2026-12-14T09:00:00Z' },
          { kind: 'dispute', text: 'The dispute of £50.00 was decided for the studio.', open: false, at: '2026-12-14T09:10:00Z' },
        ],
      }),
    );
    const warning = await screen.findByText(/may be fraudulent/);
    expect(warning.closest('p')).toHaveTextContent('Fraud warning: The card’s issuer warned that this payment may be fraudulent.');
    expect(warning.closest('p')).toHaveClass('notice--error');
    const decided = screen.getByText(/decided for the studio/).closest('p');
    expect(decided).toHaveTextContent('Payment disputed: The dispute of £50.00 was decided for the studio.');
    expect(decided).not.toHaveClass('notice--error');
  });

  it('shows everything the order has: items, delivery, card, customer, payment and history', async () => {
    openOrder(
      orderDetail({
        refunds: [
          {
            id: 1,
            amount: '12.50',
            what: '1 × Bud Vase',
            reason: 'Broken',
            state: 'failed',
            attempts: 2,
            last_error: 'The card issuer declined the refund.',
            next_attempt_at: '2026-12-14T10:00:00Z',
            by: 'studio',
            at: '2026-12-14T09:40:00Z',
          },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'FS-000007' })).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Items' });
    expect(items).toHaveTextContent('2 × Peony Posy (Large)');
    expect(items).toHaveTextContent('1 refunded');
    expect(items).toHaveTextContent('Total£110.50');
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('Tuesday 15 December, Morning');
    expect(delivery).toHaveTextContent('Ada Rose');
    expect(delivery).toHaveTextContent('Happy birthday, Ada!');
    expect(delivery).toHaveTextContent('From Jo');
    expect(within(screen.getByRole('region', { name: 'Customer' })).getByRole('link', { name: 'jo@example.com' })).toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('By card, through the shop');
    // A failed refund says why, and when it is tried again (Bristol time).
    expect(payment).toHaveTextContent('The card issuer declined the refund. It will retry at Mon 14 Dec, 10:00.');
    expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent('Newthe shop, Sun 13 Dec, 18:05');
  });

  it('moves the order: the next step, a later one, and undo, each sending where the page saw it', async () => {
    const user = userEvent.setup();
    const moves: unknown[] = [];
    mockApi.on('POST', '/api/admin/orders/7/status/', async (request) => {
      moves.push(await request.json());
      return json(confirmed);
    });
    const { onChanged } = openOrder();
    const move = await screen.findByRole('region', { name: 'Move the order' });
    expect(within(move).queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
    await user.click(within(move).getByRole('button', { name: 'Mark as confirmed' }));
    await screen.findByRole('button', { name: 'Mark as ready' });
    expect(moves).toEqual([{ from: 'new', to: 'confirmed' }]);
    expect(screen.getByRole('status')).toHaveTextContent('FS-000007 is now confirmed.');
    expect(onChanged).toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent('Confirmedstudio, Mon 14 Dec, 09:12');

    await user.click(screen.getByRole('button', { name: 'Skip to out for delivery' }));
    await user.click(screen.getByRole('button', { name: 'Yes, mark out for delivery' }));
    await user.click(await screen.findByRole('button', { name: 'Undo: back to new' }));
    await waitFor(() => expect(moves).toHaveLength(3));
    expect(moves.slice(1)).toEqual([
      { from: 'confirmed', to: 'out_for_delivery' },
      { from: 'confirmed', to: 'new' },
    ]);
  });

  it('asks before a skip that e-mails the customer, and Go back or Escape sends nothing', async () => {
    const user = userEvent.setup();
    const moves: unknown[] = [];
    mockApi.on('POST', '/api/admin/orders/7/status/', async (request) => {
      moves.push(await request.json());
      return json(orderDetail({ status: 'delivered', status_label: 'Delivered', can_cancel: false, moves: { next: null, later: [], back: null } }));
    });
    openOrder();
    const skip = await screen.findByRole('button', { name: 'Skip to delivered' });
    await user.click(skip);
    const asking = screen.getByRole('alertdialog', { name: 'Mark FS-000007 delivered?' });
    expect(asking).toHaveAccessibleDescription('This skips Confirmed, Ready and Out for delivery and e-mails Jo that the flowers were delivered.');
    // Focus waits on the safe answer; the other moves wait for the answer.
    expect(within(asking).getByRole('button', { name: 'Go back' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Mark as confirmed' })).toBeDisabled();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(skip).toHaveFocus();
    await user.click(skip);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(moves).toHaveLength(0);

    // By keyboard: the skip, then Tab back from Go back to the yes.
    skip.focus();
    await user.keyboard('{Enter}');
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Yes, mark delivered' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(moves).toEqual([{ from: 'new', to: 'delivered' }]));
    expect(await screen.findByRole('heading', { name: 'FS-000007' })).toHaveFocus();
  });

  it('skips at once to a step that tells the customer nothing', async () => {
    const user = userEvent.setup();
    const moves: unknown[] = [];
    mockApi.on('POST', '/api/admin/orders/7/status/', async (request) => {
      moves.push(await request.json());
      return json(confirmed);
    });
    openOrder();
    await user.click(await screen.findByRole('button', { name: 'Skip to ready' }));
    await waitFor(() => expect(moves).toEqual([{ from: 'new', to: 'ready' }]));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('strikes out a line refunded whole, and shows what the order is worth after its refunds', async () => {
    openOrder();
    const items = await screen.findByRole('region', { name: 'Items' });
    const vase = within(items).getByText((_, element) => element?.tagName === 'S' && /1 × Bud Vase/.test(element.textContent ?? ''));
    expect(vase).toHaveTextContent('1 × Bud Vase (refunded)');
    expect(within(items).getByText('2 × Peony Posy (Large)').closest('s')).toBeNull();
    expect(items).toHaveTextContent('Total£110.50');
    expect(items).toHaveTextContent('Refunded−£12.50');
    expect(items).toHaveTextContent('Net£98.00');
  });

  it('says when the studio has closed the order’s day', async () => {
    openOrder(orderDetail({ studio_closed: 'Closed for a wedding' }));
    expect(await screen.findByText(/Studio closed this day \(Closed for a wedding\)/)).toBeInTheDocument();
  });

  it('says when someone else changed the order first, and reads it again', async () => {
    const user = userEvent.setup();
    let reads = 0;
    mockApi.on('GET', '/api/admin/orders/7/', () => json(++reads === 1 ? orderDetail() : confirmed));
    mockApi.on('POST', '/api/admin/orders/7/status/', () =>
      json({ error: 'The order moved to confirmed while you had it open: check it and try again if it is still needed.' }, 409),
    );
    renderPage(<OrderPage id={7} onChanged={() => {}} onSignedOut={() => {}} />, { path: '/admin/orders/:id', at: '/admin/orders/7' });
    await user.click(await screen.findByRole('button', { name: 'Mark as confirmed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The order moved to confirmed while you had it open: check it and try again if it is still needed.');
    expect(await screen.findByRole('button', { name: 'Mark as ready' })).toBeInTheDocument();
    expect(sent('GET', '/api/admin/orders/7/')).toHaveLength(2);
  });

  it('refunds chosen items and the delivery, cancelling, after a confirmation, with the amount added by the core', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    mockApi.on('POST', '/api/admin/orders/7/refund/', async (request) => {
      bodies.push(await request.json());
      return json(orderDetail({ status: 'cancelled', status_label: 'Cancelled', can_refund: false, moves: { next: null, later: [], back: null } }));
    });
    openOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel or refund…' }));
    const peonies = screen.getByRole('spinbutton', { name: 'How many Peony Posy (Large) to refund' });
    await user.clear(peonies);
    await user.type(peonies, '1');
    // New: not yet made, so it goes back in stock unless the studio says otherwise.
    const restock = screen.getByRole('checkbox', { name: 'Put Peony Posy (Large) back in stock' });
    expect(restock).toBeChecked();
    await user.click(restock);
    // The vase's one left to refund was refunded already.
    expect(screen.getByRole('spinbutton', { name: 'How many Bud Vase to refund' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'The delivery charge (£8.00)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cancel the order' }));
    await user.type(screen.getByLabelText('Reason (for the order’s record)'), 'Customer is away');
    expect(screen.getByTestId('refund-amount')).toHaveTextContent('£53.00');

    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(bodies).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, give back £53.00 and cancel the order' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      quantities: [1, 0],
      restock: [false, true],
      delivery: true,
      cancel: true,
      reason: 'Customer is away',
      // What the page saw, and the submission's own key.
      refunded: '12.50',
      status: 'new',
      key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      // Paid all by card: nothing to choose between a voucher and the card.
      to: null,
    });
    expect(await screen.findByText('Cancelled', { selector: '.order-status' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The order is cancelled and £53.00 is being given back.');
    expect(screen.getByRole('heading', { name: 'FS-000007' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cancel or refund…' })).not.toBeInTheDocument();
  });

  it('shows the core’s sentence when a refund is refused, and keeps what was chosen', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/admin/orders/7/refund/', () => json({ error: 'Only 1 of Peony Posy (Large) can still be refunded.' }, 400));
    openOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel or refund…' }));
    const peonies = screen.getByRole('spinbutton', { name: 'How many Peony Posy (Large) to refund' });
    await user.clear(peonies);
    await user.type(peonies, '2');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Yes, give back £90.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 of Peony Posy (Large) can still be refunded.');
    expect(peonies).toHaveValue(2);
  });

  it('never offers to give back more than is left of the payment, counting a refund made in Stripe’s dashboard', async () => {
    const user = userEvent.setup();
    // £70.50 given back in all, £58.00 of it in Stripe's dashboard: £40.00 is left.
    openOrder(orderDetail({ payment: { ...orderDetail().payment, refunded: '70.50' } }));
    await user.click(await screen.findByRole('button', { name: 'Cancel or refund…' }));
    const peonies = screen.getByRole('spinbutton', { name: 'How many Peony Posy (Large) to refund' });
    await user.clear(peonies);
    await user.type(peonies, '1');
    const sentence = "Only £40.00 of this order's payment is left to give back, counting what was refunded outside the shop; please choose less.";
    expect(screen.getByText(sentence)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.queryByRole('button', { name: /^Yes/ })).not.toBeInTheDocument();
    expect(sent('POST', '/api/admin/orders/7/refund/')).toHaveLength(0);
    expect(peonies).toHaveValue(1);
  });

  it('refuses a refund from a page out of date in words, keeps what was chosen, and the next try says what it now saw', async () => {
    const user = userEvent.setup();
    const bodies: { refunded: string; key: string; quantities: number[]; reason: string }[] = [];
    mockApi.on('POST', '/api/admin/orders/7/refund/', async (request) => {
      bodies.push(await request.json());
      return bodies.length === 1
        ? json({ error: 'Someone refunded £28.00 on this order while you had it open: check the order and refund again if it is still needed.' }, 409)
        : json(orderDetail({ payment: { ...orderDetail().payment, refunded: '85.50' } }));
    });
    // Someone else gave back £28.00: the page reads that once refused.
    let reads = 0;
    mockApi.on('GET', '/api/admin/orders/7/', () =>
      json(reads++ === 0 ? orderDetail() : orderDetail({ payment: { ...orderDetail().payment, refunded: '40.50' } })),
    );
    renderPage(<OrderPage id={7} onChanged={() => {}} onSignedOut={() => {}} />, { path: '/admin/orders/:id', at: '/admin/orders/7' });
    await user.click(await screen.findByRole('button', { name: 'Cancel or refund…' }));
    const peonies = screen.getByRole('spinbutton', { name: 'How many Peony Posy (Large) to refund' });
    await user.clear(peonies);
    await user.type(peonies, '1');
    await user.type(screen.getByLabelText('Reason (for the order’s record)'), 'Wilted');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Yes, give back £45.00' }));

    const form = screen.getByRole('button', { name: 'Review' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Someone refunded £28.00 on this order while you had it open: check the order and refund again if it is still needed.',
    );
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.getByRole('spinbutton', { name: 'How many Peony Posy (Large) to refund' })).toHaveValue(1);
    expect(screen.getByLabelText('Reason (for the order’s record)')).toHaveValue('Wilted');

    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Yes, give back £45.00' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies.map((b) => b.refunded)).toEqual(['12.50', '40.50']);
    expect(bodies[1]).toMatchObject({ quantities: [1, 0], reason: 'Wilted' });
    expect(bodies[1]!.key).not.toBe(bodies[0]!.key);
  });

  it('sends a refund whose answer never came again with the same key', async () => {
    const user = userEvent.setup();
    const keys: string[] = [];
    mockApi.on('POST', '/api/admin/orders/7/refund/', async (request) => {
      keys.push(((await request.json()) as { key: string }).key);
      return keys.length === 1 ? json({ error: 'Something went wrong on our side. Please try again in a moment.' }, 500) : json(orderDetail());
    });
    openOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel or refund…' }));
    const peonies = screen.getByRole('spinbutton', { name: 'How many Peony Posy (Large) to refund' });
    await user.clear(peonies);
    await user.type(peonies, '1');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Yes, give back £45.00' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    await user.click(screen.getByRole('button', { name: 'Yes, give back £45.00' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });

  it('says a refund keeps failing and, asked first, marks it given back another way', async () => {
    const user = userEvent.setup();
    const failing = {
      id: 3,
      amount: '45.00',
      what: '1 × Peony Posy (Large)',
      reason: '',
      state: 'failing' as const,
      attempts: 5,
      last_error: 'Refund amount (4500) is greater than unrefunded amount on charge (0)',
      next_attempt_at: '2026-12-14T11:00:00Z',
      by: 'studio',
      at: '2026-12-14T09:40:00Z',
    };
    const settled: unknown[] = [];
    mockApi.on('POST', '/api/admin/orders/7/refunds/3/settled/', () => {
      settled.push(true);
      return json(orderDetail({ refunds: [{ ...failing, state: 'settled_elsewhere', next_attempt_at: null }] }));
    });
    openOrder(orderDetail({ refunds: [failing] }));
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Keeps failing');
    expect(payment).toHaveTextContent('The payment provider has refused it 5 times and the studio was e-mailed.');
    const mark = within(payment).getByRole('button', { name: 'Mark as given back another way…' });
    await user.click(mark);
    const asking = screen.getByRole('alertdialog', { name: 'Did you give £45.00 back another way?' });
    expect(within(asking).getByRole('button', { name: 'Go back' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(settled).toHaveLength(0);
    expect(within(payment).getByRole('button', { name: 'Mark as given back another way…' })).toHaveFocus();
    await user.click(within(payment).getByRole('button', { name: 'Mark as given back another way…' }));
    await user.click(screen.getByRole('button', { name: 'Yes, it is given back' }));
    await waitFor(() => expect(settled).toHaveLength(1));
    expect(await within(payment).findByText('Given back another way')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The refund of £45.00 is marked as given back another way.');
  });

  it('asks for something to refund before confirming', async () => {
    const user = userEvent.setup();
    openOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel or refund…' }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose what to refund, or to cancel the order.');
    expect(sent('POST', '/api/admin/orders/7/refund/')).toHaveLength(0);
  });

  it('rings the phones and opens the addresses in maps', async () => {
    openOrder();
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByRole('link', { name: '07700 900123' })).toHaveAttribute('href', 'tel:07700900123');
    expect(within(delivery).getByRole('link', { name: /^Open in maps for 3 Hill Street, Bristol, BS3 1AA/ })).toHaveAttribute(
      'href',
      expect.stringContaining('query=3%20Hill%20Street%2C%20Bristol%2C%20BS3%201AA'),
    );
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(within(customer).getByRole('link', { name: '0117 496 0123' })).toHaveAttribute('href', 'tel:01174960123');
    expect(within(customer).getByRole('link', { name: /^Open in maps for 12 Wells Road, Bristol, BS14 9AB/ })).toBeInTheDocument();
  });

  it('changes the card and address when the customer rings, from the version it read; a stale one is refused and keeps what was typed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-14T09:30:00Z'));
    try {
      const user = userEvent.setup();
      mockApi.on('GET', '/api/delivery/', () => json({ settings: demoDelivery, taken: { days: [] } }));
      const bodies: { version: number; fulfilment: Record<string, string> }[] = [];
      let answers = 0;
      mockApi.on('PUT', '/api/admin/orders/7/choice/', async (request) => {
        bodies.push(await request.json());
        answers += 1;
        if (answers === 1) {
          return json({ error: 'Someone else changed this order while you were writing. What you typed is kept: please check the order as it is now, then save again.' }, 409);
        }
        return json(
          orderDetail({
            version: 2,
            fulfilment: { ...orderDetail().fulfilment!, address_line1: '5 Hill Street', card_message: 'Sorry we are late!' },
            changes: [{ text: 'Address: 3 Hill Street, Bristol, BS3 1AA → 5 Hill Street, Bristol, BS3 1AA.', by: 'studio', at: '2026-12-14T09:40:00Z' }],
          }),
        );
      });
      // The first read, then the one after the refusal (someone else's note raised the version).
      let reads = 0;
      mockApi.on('GET', '/api/admin/orders/7/', () => json(orderDetail({ version: reads++ === 0 ? 0 : 1 })));
      renderPage(<OrderPage id={7} onChanged={() => {}} onSignedOut={() => {}} />, { path: '/admin/orders/:id', at: '/admin/orders/7' });
      await user.click(await screen.findByRole('button', { name: 'Change day, address or card…' }));
      const form = await screen.findByRole('form', { name: 'Change the delivery' });
      expect(within(form).getByLabelText('Delivery day')).toHaveValue('2026-12-15');
      await user.clear(within(form).getByLabelText('Delivery address'));
      await user.type(within(form).getByLabelText('Delivery address'), '5 Hill Street');
      await user.clear(within(form).getByLabelText('Card message (optional)'));
      await user.type(within(form).getByLabelText('Card message (optional)'), 'Sorry we are late!');
      await user.click(within(form).getByRole('button', { name: 'Save the change' }));

      expect(await within(form).findByRole('alert')).toHaveTextContent('What you typed is kept');
      expect(within(form).getByLabelText('Delivery address')).toHaveValue('5 Hill Street');
      expect(within(form).getByLabelText('Card message (optional)')).toHaveValue('Sorry we are late!');
      expect(bodies[0]).toMatchObject({ version: 0, fulfilment: { method: 'delivery', date: '2026-12-15', slot: 'Morning', address_line1: '5 Hill Street', card_message: 'Sorry we are late!' } });
      // Read again: the next save says it saw the newer version.
      await waitFor(() => expect(reads).toBe(2));
      await user.click(within(form).getByRole('button', { name: 'Save the change' }));
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Change the delivery' })).not.toBeInTheDocument());
      expect(bodies[1]?.version).toBe(1);
      const history = screen.getByRole('region', { name: 'History' });
      expect(history).toHaveTextContent('Changedstudio, Mon 14 Dec, 09:40Address: 3 Hill Street, Bristol, BS3 1AA → 5 Hill Street, Bristol, BS3 1AA.');
      expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent('5 Hill Street');
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the studio’s own notes, refused in words when the page is out of date, keeping the note', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    mockApi.on('POST', '/api/admin/orders/7/notes/', async (request) => {
      bodies.push(await request.json());
      return bodies.length === 1
        ? json({ error: 'Someone else changed this order while you were writing. What you typed is kept: please check the order as it is now, then save again.' }, 409)
        : json(orderDetail({ version: 2, notes: [{ text: 'Leave with the neighbour', by: 'studio', at: '2026-12-14T09:45:00Z' }] }));
    });
    openOrder();
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(notes).toHaveTextContent('No notes yet.');
    await user.type(within(notes).getByLabelText(/Add a note/), 'Leave with the neighbour');
    await user.click(within(notes).getByRole('button', { name: 'Save the note' }));
    expect(await within(notes).findByRole('alert')).toHaveTextContent('What you typed is kept');
    expect(within(notes).getByLabelText(/Add a note/)).toHaveValue('Leave with the neighbour');
    await user.click(within(notes).getByRole('button', { name: 'Save the note' }));
    expect(await within(notes).findByText('Leave with the neighbour', { selector: '.order-notes__text' })).toBeInTheDocument();
    expect(within(notes).getByLabelText(/Add a note/)).toHaveValue('');
    expect(bodies).toEqual([
      { version: 0, text: 'Leave with the neighbour' },
      { version: 0, text: 'Leave with the neighbour' },
    ]);
  });
});
