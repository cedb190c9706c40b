// The back office's vouchers and offer codes: what each change sends (the version the page saw),
// the server's sentences by the boxes, and the names of repeated actions.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { AdminOffer, AdminVoucherDetail } from '../api/vouchers-admin-api';
import { OfferBook } from './offer-book';
import { VoucherPage } from './voucher-page';

const voucher: AdminVoucherDetail = {
  id: 7,
  code: 'K7QM-2XHD-9PRT',
  value: '25.00',
  balance: '10.00',
  status: 'issued',
  expires_on: '2028-12-14',
  buyer_name: 'Jo Bloom',
  buyer_email: 'jo@example.com',
  recipient_name: 'Sam',
  recipient_email: 'sam@example.com',
  send_on: '2026-12-14',
  sent_at: 1797240600,
  anonymised_at: null,
  paid_by: 'card',
  created_at: 1797240600,
  version: 3,
  message: 'Happy Christmas',
  payment_note: null,
  history: [
    { at: 1797240600, kind: 'issued', amount: '25.00', description: 'Issued', order_id: null, expires_on: null, who: null, note: null },
    { at: 1797244200, kind: 'spent', amount: '-15.00', description: 'Spent on order 12', order_id: 12, expires_on: null, who: null, note: null },
  ],
};

const offer: AdminOffer = {
  id: 1,
  version: 2,
  code: 'TUESDAY10',
  kind: 'percent_off',
  percent: 10,
  amount: null,
  minimum_spend: null,
  valid_from: null,
  valid_until: null,
  weekdays: ['tuesday'],
  slots: [],
  products: [],
  shelves: [],
  total_uses: null,
  once_per_email: false,
  ended_at: null,
  uses: 3,
  summary: '10% off, Tuesday deliveries',
};

describe('a voucher in the back office', () => {
  it('shows what is left and its history, and extends it from the version it saw', async () => {
    mockApi.on('GET', '/api/admin/vouchers/7/', () => json(voucher));
    let sent: unknown = null;
    mockApi.on('POST', '/api/admin/vouchers/7/extend/', async (request) => {
      sent = await request.json();
      return json({ ...voucher, expires_on: '2029-01-31', version: 4 });
    });
    const user = userEvent.setup();
    renderPage(<VoucherPage id={7} onSignedOut={() => {}} />, { path: '/admin/orders/vouchers/7' });
    expect(await screen.findByTestId('voucher-left')).toHaveTextContent('£10.00 of £25.00');
    expect(screen.getByRole('link', { name: 'Spent on order 12' })).toHaveAttribute('href', '/admin/orders/12');
    const until = screen.getByLabelText('Spend by');
    await user.clear(until);
    await user.type(until, '2029-01-31');
    await user.click(screen.getByRole('button', { name: 'Extend voucher K7QM-2XHD-9PRT' }));
    await waitFor(() => expect(sent).toEqual({ version: 3, expires_on: '2029-01-31' }));
    expect(screen.getByRole('button', { name: 'Void voucher K7QM-2XHD-9PRT' })).toBeInTheDocument();
    expect(screen.queryByTestId('voucher-not-sent')).not.toBeInTheDocument();
  });

  it('says why a voucher erased before its day was never sent', async () => {
    const erased = { ...voucher, sent_at: null, anonymised_at: 1797240600, buyer_name: '', buyer_email: '', recipient_name: null, recipient_email: null, message: '' };
    mockApi.on('GET', '/api/admin/vouchers/7/', () => json(erased));
    renderPage(<VoucherPage id={7} onSignedOut={() => {}} />, { path: '/admin/orders/vouchers/7' });
    expect(await screen.findByTestId('voucher-not-sent')).toHaveTextContent(
      /^Not sent: the buyer’s and recipient’s details were erased on .+, so there is no address to send it to\. The code still works for whoever has it\.$/,
    );
    expect(screen.getAllByText('Erased')).toHaveLength(2);
  });

  it('says a refused void in the server’s words', async () => {
    mockApi.on('GET', '/api/admin/vouchers/7/', () => json(voucher));
    mockApi.on('POST', '/api/admin/vouchers/7/void/', () => json({ error: 'This voucher was changed meanwhile; reload to see it.' }, 409));
    const user = userEvent.setup();
    renderPage(<VoucherPage id={7} onSignedOut={() => {}} />, { path: '/admin/orders/vouchers/7' });
    await user.click(await screen.findByRole('button', { name: 'Void voucher K7QM-2XHD-9PRT' }));
    expect(await screen.findByText('This voucher was changed meanwhile; reload to see it.')).toBeInTheDocument();
  });
});

describe('offer codes', () => {
  it('makes a Tuesday code with its conditions as the form says them', async () => {
    mockApi.on('GET', '/api/admin/offers/', () => json([]));
    mockApi.on('GET', '/api/delivery/', () => json({ settings: { slots: [{ name: 'Morning' }, { name: 'Afternoon' }] }, taken: {} }));
    mockApi.on('GET', '/api/products/', () => json([{ id: 3, name: 'The Bedminster' }]));
    mockApi.on('GET', '/api/admin/categories/', () => json([{ id: 1, name: 'Bouquets' }]));
    let made: Record<string, unknown> | null = null;
    mockApi.on('POST', '/api/admin/offers/', async (request) => {
      made = (await request.json()) as Record<string, unknown>;
      return json(offer);
    });
    const user = userEvent.setup();
    renderPage(<OfferBook onSignedOut={() => {}} />, { path: '/admin/orders/offers' });
    await user.click(await screen.findByRole('button', { name: 'Make an offer code' }));
    const form = screen.getByRole('form', { name: 'A new offer code' });
    await user.type(within(form).getByLabelText('Code'), 'TUESDAY10');
    await user.type(within(form).getByLabelText('Percentage off'), '10');
    await user.type(within(form).getByLabelText('Minimum spend (£, optional)'), '40.00');
    await user.click(within(form).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(await within(form).findByRole('checkbox', { name: 'Morning' }));
    await user.click(within(form).getByRole('button', { name: 'Make the code' }));

    expect(await screen.findByRole('rowheader', { name: 'TUESDAY10' })).toBeInTheDocument();
    expect(made).toEqual({
      code: 'TUESDAY10',
      kind: 'percent_off',
      percent: 10,
      amount: null,
      minimum_spend: '40.00',
      valid_from: null,
      valid_until: null,
      weekdays: ['tuesday'],
      slots: ['Morning'],
      products: [],
      shelves: [],
      total_uses: null,
      once_per_email: false,
    });
    expect(screen.getByRole('button', { name: 'End offer code TUESDAY10' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change offer code TUESDAY10' })).toBeInTheDocument();
  });

  it('keeps what was typed and shows the server’s sentence by its box', async () => {
    mockApi.on('GET', '/api/admin/offers/', () => json([]));
    mockApi.on('GET', '/api/delivery/', () => json({ settings: { slots: [] }, taken: {} }));
    mockApi.on('GET', '/api/products/', () => json([]));
    mockApi.on('GET', '/api/admin/categories/', () => json([]));
    mockApi.on('POST', '/api/admin/offers/', () =>
      json({ error: 'Please check the code.', fields: { code: 'A code is 3 to 20 letters and digits.' } }, 400),
    );
    const user = userEvent.setup();
    renderPage(<OfferBook onSignedOut={() => {}} />, { path: '/admin/orders/offers' });
    await user.click(await screen.findByRole('button', { name: 'Make an offer code' }));
    const code = screen.getByLabelText('Code');
    await user.type(code, 'X');
    await user.click(screen.getByRole('button', { name: 'Make the code' }));
    expect(await screen.findByText('A code is 3 to 20 letters and digits.')).toBeInTheDocument();
    expect(code).toHaveValue('X');
  });
});
