import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { wreathSeatBooked, wreaths } from '@/testing/workshops';
import { BookingForm } from './booking-form';

const SECRET = 'pi_sim_7_secret_abc';
const succeeded = { payment_intent: { id: 'pi_sim_7', status: 'succeeded', amount: 2000, currency: 'gbp' }, error: null };
const booked = {
  order_id: 31,
  access_token: 'tok31',
  ...wreathSeatBooked,
  message: 'You paid £20.00. The balance of £25.00 is due by Saturday 20 November 2027.',
};

function calls(method: string, path: string): Request[] {
  return mockApi.requests.filter((r) => r.method === method && new URL(r.url).pathname === path);
}

function studio() {
  mockApi.on('GET', '/api/payment/config/', () => json({ provider: 'simulated', publishable_key: null }));
  mockApi.on('POST', '/api/workshops/christmas-wreath-making/bookings/', () =>
    json({ booking: 'key-1', client_secret: SECRET, amount: '20.00', pay_now_per_seat: '20.00', seats: 1, balance: '25.00', balance_due: '2027-11-20', held_until: 1 }),
  );
  mockApi.on('POST', '/api/payment/simulated/confirm/', () => json(succeeded));
  mockApi.on('POST', '/api/workshops/bookings/', () => json(booked));
}

async function open() {
  const user = userEvent.setup();
  renderPage(<BookingForm workshop={wreaths} offer={null} />, { path: '/workshops/:slug/book', at: '/workshops/christmas-wreath-making/book' });
  await screen.findByLabelText('Card number');
  return user;
}

async function fill(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ann Example');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '07700 900123');
  await user.type(screen.getByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1230');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
}

describe('the booking form', () => {
  it('offers 1 to the seats the server allows, and one name box a seat', async () => {
    studio();
    const user = await open();
    const seats = screen.getByRole('combobox', { name: 'Seats' });
    expect(within(seats).getAllByRole('option').map((o) => o.textContent)).toEqual(['1 seat', '2 seats', '3 seats', '4 seats']);
    await user.selectOptions(seats, '3');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name for seat 2' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name for seat 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay and book 3 seats' })).toBeInTheDocument();
  });

  it('says why a note is asked and how long it is kept, and what is paid now and later', async () => {
    studio();
    await open();
    const note = screen.getByRole('textbox', { name: 'Allergies or access needs (optional)' });
    expect(note).toHaveAccessibleDescription(/only until 30 days after the workshop/);
    expect(screen.getByText('Deposit paid now').nextSibling).toHaveTextContent('£20.00 a seat');
    expect(screen.getByText('Balance').nextSibling).toHaveTextContent('£25.00 a seat, due by Saturday 20 November 2027');
    expect(screen.getByRole('button', { name: 'Pay £20.00 and book' })).toBeInTheDocument();
  });

  it('holds the seat, pays £20 by card and opens the confirmation', async () => {
    studio();
    const user = await open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Pay £20.00 and book' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('Elsewhere: /workshops/booked/31?token=tok31');
    const hold = (await calls('POST', '/api/workshops/christmas-wreath-making/bookings/')[0]!.clone().json()) as Record<string, unknown>;
    expect(hold).toMatchObject({ seats: 1, names: ['Ann Example'], email: 'ann@example.com', phone: '07700 900123', note: '', booking: null, offer: null });
    const place = (await calls('POST', '/api/workshops/bookings/')[0]!.clone().json()) as Record<string, unknown>;
    expect(place).toEqual({ booking: 'key-1', payment_intent_id: 'pi_sim_7' });
  });

  it('puts the server’s sentences beside the fields and keeps what was typed', async () => {
    mockApi.on('POST', '/api/workshops/christmas-wreath-making/bookings/', () =>
      json({ error: 'Please fill in all required fields: Email', fields: { email: 'Please give your email address, for the confirmation.' } }, 400),
    );
    studio();
    const user = await open();
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ann Example');
    await user.click(screen.getByRole('button', { name: 'Pay £20.00 and book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields: Email');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(/Please give your email address/);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ann Example');
    expect(calls('POST', '/api/payment/simulated/confirm/')).toHaveLength(0);
  });

  it('says the workshop filled up and offers the waiting list', async () => {
    mockApi.on('POST', '/api/workshops/christmas-wreath-making/bookings/', () =>
      json({ error: 'Sorry, Christmas wreath making is fully booked. You can join the waiting list.' }, 409),
    );
    studio();
    const user = await open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Pay £20.00 and book' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('is fully booked'));
    expect(within(alert).getByRole('link', { name: 'Join the waiting list' })).toHaveAttribute(
      'href',
      '/workshops/christmas-wreath-making/waiting-list',
    );
  });

  it('applies a voucher after holding the seat, shows what it pays, and books with no card', async () => {
    let held = 0;
    mockApi.on('POST', '/api/workshops/christmas-wreath-making/bookings/', () =>
      json({
        booking: 'key-1',
        // Held again once the voucher is on: nothing is left for a card.
        client_secret: ++held === 1 ? SECRET : null,
        amount: held === 1 ? '20.00' : '0.00',
        discount: '0.00',
        paid_by_voucher: held === 1 ? '0.00' : '20.00',
        pay_now_per_seat: '20.00',
        seats: 1,
        balance: '25.00',
        balance_due: '2027-11-20',
        held_until: 1,
      }),
    );
    mockApi.on('POST', '/api/cart/apply_code/', () =>
      json({
        voucher: { code: 'K7QM-2XHD-9PRT', hint: '••••-••••-9PRT', available: '50.00', pays: '20.00', left_after: '30.00', expires_on: '2028-12-14' },
        offer: null,
        problems: [],
        items: '20.00',
        delivery: '0.00',
        surcharge: '0.00',
        discount: '0.00',
        total: '20.00',
        paid_by_voucher: '20.00',
        to_pay: '0.00',
      }),
    );
    studio();
    const user = await open();
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ann Example');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '07700 900123');
    await user.type(screen.getByRole('textbox', { name: 'Gift voucher or offer code' }), 'k7qm 2xhd 9prt');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const applied = await screen.findByRole('list', { name: 'Codes on your order' });
    expect(applied).toHaveTextContent('£30.00 left on it');
    // The seat was held first, so the code has a booking to go on.
    expect(calls('POST', '/api/workshops/christmas-wreath-making/bookings/')).toHaveLength(1);
    const apply = (await calls('POST', '/api/cart/apply_code/')[0]!.clone().json()) as Record<string, unknown>;
    expect(apply).toMatchObject({ cart_id: 'key-1', code: 'k7qm 2xhd 9prt' });
    expect(screen.getByText('Gift voucher').nextSibling).toHaveTextContent('−£20.00');
    expect(screen.getByText('Your gift voucher pays for this booking, so no card is needed.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Book with your voucher' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('Elsewhere: /workshops/booked/31?token=tok31');
    expect(calls('POST', '/api/payment/simulated/confirm/')).toHaveLength(0);
    const place = (await calls('POST', '/api/workshops/bookings/')[0]!.clone().json()) as Record<string, unknown>;
    expect(place).toEqual({ booking: 'key-1', payment_intent_id: null });
  });

  it('says a declined card in the spec’s words, and a retry keeps the same hold', async () => {
    let confirms = 0;
    mockApi.on('POST', '/api/payment/simulated/confirm/', () =>
      json(++confirms === 1 ? { payment_intent: null, error: { message: 'Your card was declined.', code: 'card_declined' } } : succeeded),
    );
    studio();
    const user = await open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Pay £20.00 and book' }));
    expect(await screen.findByText('Payment failed: Your card was declined.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay £20.00 and book' }));
    await screen.findByTestId('elsewhere');
    const second = (await calls('POST', '/api/workshops/christmas-wreath-making/bookings/')[1]!.clone().json()) as Record<string, unknown>;
    expect(second.booking).toBe('key-1');
  });
});
