import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import type { AdminWorkshop, Attendee, Attendees } from '../api/workshops-api';
import { AttendeeList } from './attendee-list';
import { WorkshopsAdmin } from './workshops-admin';

const wreaths: AdminWorkshop = {
  id: 1,
  slug: 'christmas-wreath-making',
  title: 'Christmas wreath making',
  description: 'Make a door wreath.',
  what_to_bring: '',
  date: '2027-12-04',
  start_time: '10:00',
  end_time: '13:00',
  place: 'The studio',
  seats: 10,
  booked: 4,
  spots_left: 6,
  price: '45.00',
  deposit: '20.00',
  balance_due: '2027-11-20',
  cancellation: 'default',
  asks_phone: true,
  asks_note: true,
  hidden: false,
  cancelled: false,
  version: 3,
  image: null,
};

const ann: Attendee = {
  order_id: 31,
  reference: 'FS-000031',
  names: ['Ann Example'],
  email: 'ann@example.com',
  phone: '07700 900123',
  seats: 1,
  paid: '20.00',
  paid_by_voucher: '0.00',
  owed: '25.00',
  balance_due: '2027-11-20',
  balance_paid: null,
  note: 'Allergic to lilies',
};

const list = (rows = [ann]): Attendees => ({ workshop: wreaths, rows, seats: 4, owed: '25.00' });

describe('the attendee list', () => {
  it('shows names, seats, paid, owed with its date, and notes', async () => {
    mockApi.on('GET', '/api/admin/workshops/1/attendees/', () => json(list()));
    render(<MemoryRouter><AttendeeList id={1} onSignedOut={vi.fn()} /></MemoryRouter>);
    const table = await screen.findByRole('table', { name: 'Attendees of Christmas wreath making' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Ann Example');
    expect(row).toHaveTextContent('£20.00');
    expect(row).toHaveTextContent('£25.00');
    expect(row).toHaveTextContent('by Saturday 20 November 2027');
    expect(row).toHaveTextContent('Allergic to lilies');
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(row).not.toHaveTextContent('by gift voucher');
  });

  it('says what a gift voucher paid of a booking', async () => {
    mockApi.on('GET', '/api/admin/workshops/1/attendees/', () => json(list([{ ...ann, paid_by_voucher: '15.00' }])));
    render(<MemoryRouter><AttendeeList id={1} onSignedOut={vi.fn()} /></MemoryRouter>);
    const table = await screen.findByRole('table', { name: 'Attendees of Christmas wreath making' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('£20.00£15.00 by gift voucher');
  });

  it('marks a balance paid and shows it paid', async () => {
    let paid = false;
    mockApi.on('GET', '/api/admin/workshops/1/attendees/', () => json(list([paid ? { ...ann, balance_paid: 'studio', owed: '0.00' } : ann])));
    mockApi.on('POST', '/api/admin/workshops/bookings/31/balance-paid/', () => {
      paid = true;
      return json({ ...ann, balance_paid: 'studio' });
    });
    render(<MemoryRouter><AttendeeList id={1} onSignedOut={vi.fn()} /></MemoryRouter>);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark balance paid for Ann Example' }));
    expect(await screen.findByText('Ann Example’s balance is marked paid.')).toBeInTheDocument();
    expect(await screen.findByText('Paid in the studio')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark balance paid for Ann Example' })).not.toBeInTheDocument();
  });
});

describe('a cancelled booking whose balance was paid in the studio', () => {
  const handBack = {
    order_id: 31,
    reference: 'FS-000031',
    names: ['Ann Example'],
    amount: '25.00',
    message: 'Give Ann Example £25.00 back by hand (FS-000031): the balance was paid in the studio, so the card refund cannot include it.',
  };

  it('says plainly how much the studio hands back itself', async () => {
    const paid = { ...ann, balance_paid: 'studio', owed: '0.00', paid: '45.00' };
    let cancelled = false;
    mockApi.on('GET', '/api/admin/workshops/1/attendees/', () => json(list(cancelled ? [] : [paid])));
    mockApi.on('POST', '/api/admin/workshops/bookings/31/cancel/', () => {
      cancelled = true;
      return json({ rows: [], by_hand: handBack });
    });
    render(<MemoryRouter><AttendeeList id={1} onSignedOut={vi.fn()} /></MemoryRouter>);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking for Ann Example' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText(`Ann Example’s booking is cancelled. ${handBack.message}`)).toBeInTheDocument();
  });

  it('lists each balance to hand back when the whole workshop is cancelled', async () => {
    mockApi.on('GET', '/api/admin/workshops/', () => json([wreaths]));
    mockApi.on('POST', '/api/admin/workshops/1/cancel/', () => json({ workshop: { ...wreaths, cancelled: true }, refunded: 2, by_hand: [handBack] }));
    render(<MemoryRouter><WorkshopsAdmin onSignedOut={vi.fn()} /></MemoryRouter>);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Christmas wreath making' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel it and refund everyone' }));
    const toGive = await screen.findByRole('list', { name: 'To give back by hand' });
    expect(toGive).toHaveTextContent(handBack.message);
  });
});

describe('the back office’s workshops', () => {
  it('names each repeated action by its workshop, and asks before cancelling', async () => {
    mockApi.on('GET', '/api/admin/workshops/', () => json([wreaths]));
    render(<MemoryRouter><WorkshopsAdmin onSignedOut={vi.fn()} /></MemoryRouter>);
    expect(await screen.findByRole('link', { name: 'Edit Christmas wreath making' })).toHaveAttribute('href', '/admin/workshops/1');
    expect(screen.getByRole('link', { name: 'Attendees of Christmas wreath making' })).toHaveAttribute('href', '/admin/workshops/1/attendees');
    expect(screen.getByRole('button', { name: 'Hide Christmas wreath making' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Christmas wreath making' }));
    const confirm = screen.getByRole('group', { name: 'Cancel Christmas wreath making' });
    expect(confirm).toHaveTextContent('Every booking is refunded in full');
    expect(screen.getByText(/4 of 10 seats booked/)).toBeInTheDocument();
  });
});
