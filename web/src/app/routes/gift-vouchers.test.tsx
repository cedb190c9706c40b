// Buying a gift voucher with the simulated card: the form's sentences come from the server and
// stay by their boxes with what was typed; a paid card becomes a voucher and the thank-you.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import GiftVouchersPage from './gift-vouchers';

const terms = { min: '10.00', max: '200.00', suggested: ['25.00', '50.00', '75.00'], validity_months: 24, message_chars: 300, send_hour: '08:00' };

function shopSellsVouchers() {
  mockApi.on('GET', '/api/vouchers/terms/', () => json(terms));
  mockApi.on('GET', '/api/payment/config/', () => json({ provider: 'simulated', publishable_key: null }));
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: '£25.00' }));
  await user.type(screen.getByRole('textbox', { name: 'Their name' }), 'Ann');
  await user.type(screen.getByRole('textbox', { name: 'Their e-mail' }), 'ann@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Your message (optional)' }), 'Happy Christmas');
  await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Jo Bloom');
  await user.type(screen.getByRole('textbox', { name: 'Your e-mail' }), 'jo@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
  await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '1230');
  await user.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), '123');
}

describe('the gift voucher page', () => {
  it('shows the card taking shape, pays for the value chosen and says thank you in place of the form', async () => {
    shopSellsVouchers();
    let ordered: Record<string, unknown> | null = null;
    mockApi.on('POST', '/api/vouchers/', async (request) => {
      ordered = (await request.json()) as Record<string, unknown>;
      return json({ voucher_id: 4, client_secret: 'pi_9_secret_x', total: '25.00' });
    });
    mockApi.on('POST', '/api/payment/simulated/confirm/', () => json({ payment_intent: { id: 'pi_9', status: 'succeeded' }, error: null }));
    mockApi.on('POST', '/api/vouchers/4/paid/', () =>
      json({ voucher_id: 4, value: '25.00', send_on: '2026-12-14', expires_on: '2028-12-14', sentence: 'We’ve e-mailed Ann the voucher.' }),
    );
    const user = userEvent.setup();
    renderPage(<GiftVouchersPage />, { path: '/gift-vouchers' });

    await fillIn(user);
    const card = screen.getByRole('figure', { name: 'How the gift voucher will look' });
    expect(within(card).getByText('£25.00')).toBeInTheDocument();
    expect(within(card).getByText('For Ann')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay £25.00' }));

    expect(await screen.findByTestId('voucher-thanks')).toHaveTextContent('Thank you, Jo Bloom. We’ve e-mailed Ann the voucher.');
    const sent = screen.getByRole('figure', { name: 'How the gift voucher will look' });
    expect(within(sent).getByText('£25.00')).toBeInTheDocument();
    expect(within(sent).getByText('For Ann')).toBeInTheDocument();
    expect(ordered).toEqual({
      value: '25',
      recipient_name: 'Ann',
      recipient_email: 'ann@example.com',
      send_to_me: false,
      message: 'Happy Christmas',
      send_on: '',
      buyer_name: 'Jo Bloom',
      buyer_email: 'jo@example.com',
      voucher_id: null,
      client_secret: null,
    });
  });

  it('goes on with the same voucher when Pay is pressed again after a refused card', async () => {
    shopSellsVouchers();
    const ordered: Record<string, unknown>[] = [];
    mockApi.on('POST', '/api/vouchers/', async (request) => {
      ordered.push((await request.json()) as Record<string, unknown>);
      return json({ voucher_id: 4, client_secret: 'pi_9_secret_x', total: '25.00' });
    });
    let tries = 0;
    mockApi.on('POST', '/api/payment/simulated/confirm/', () =>
      ++tries === 1
        ? json({ payment_intent: null, error: { message: 'Your card was declined.' } })
        : json({ payment_intent: { id: 'pi_9', status: 'succeeded' }, error: null }),
    );
    mockApi.on('POST', '/api/vouchers/4/paid/', () =>
      json({ voucher_id: 4, value: '25.00', send_on: '2026-12-14', expires_on: '2028-12-14', sentence: 'We’ve e-mailed Ann the voucher.' }),
    );
    const user = userEvent.setup();
    renderPage(<GiftVouchersPage />, { path: '/gift-vouchers' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Pay £25.00' }));
    expect(await screen.findByText(/Your card was declined/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay £25.00' }));

    await screen.findByTestId('voucher-thanks');
    expect(ordered.map((order) => [order.voucher_id, order.client_secret])).toEqual([
      [null, null],
      [4, 'pi_9_secret_x'],
    ]);
  });

  it('shows the server’s sentence by the box at fault, keeps what was typed, and charges nothing', async () => {
    shopSellsVouchers();
    mockApi.on('POST', '/api/vouchers/', () =>
      json({ error: 'Please check the value.', fields: { value: 'Choose a value from £10 to £200, in whole pounds.' } }, 400),
    );
    const user = userEvent.setup();
    renderPage(<GiftVouchersPage />, { path: '/gift-vouchers' });
    await fillIn(user);
    const other = screen.getByRole('textbox', { name: /Or another amount/ });
    await user.clear(other);
    await user.type(other, '7.50');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Choose a value from £10 to £200, in whole pounds.')).toBeInTheDocument();
    await waitFor(() => expect(other).toHaveFocus());
    expect(other).toHaveValue('7.50');
    expect(other).toHaveAttribute('aria-invalid', 'true');
    expect(mockApi.requests.some((r) => r.url.includes('/simulated/confirm/'))).toBe(false);
  });

  it('sends it to the buyer to print without asking for the recipient’s e-mail or a day', async () => {
    shopSellsVouchers();
    const user = userEvent.setup();
    renderPage(<GiftVouchersPage />, { path: '/gift-vouchers' });
    await user.click(await screen.findByRole('radio', { name: /Send it to me to print/ }));
    expect(screen.queryByRole('textbox', { name: 'Their e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'When to send it' })).not.toBeInTheDocument();
    expect(screen.getByText('We send the voucher here.')).toBeInTheDocument();
  });
});
