import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { wreathSeatBooked } from '@/testing/workshops';
import WorkshopBookedPage from './workshop-booked';

const path = '/workshops/booked/:orderId';

const balance = {
  order_id: 7,
  reference: 'FS-000007',
  ...wreathSeatBooked,
  owed: true,
  paid_how: null,
  message: 'You paid £20.00. The balance of £25.00 is due by November 20th.',
};

describe('the booking confirmation', () => {
  it('after a reload, reads the booking back through its link and says what is owed and by when in core’s words', async () => {
    mockApi.on('GET', '/api/workshops/balance/7/', ({ url }) => {
      expect(new URL(url).searchParams.get('token')).toBe('t0k');
      return json(balance);
    });
    renderPage(<WorkshopBookedPage />, { path, at: '/workshops/booked/7?token=t0k' });

    expect(await screen.findByRole('heading', { name: 'See you at Christmas wreath making' })).toBeInTheDocument();
    expect(screen.getByText(balance.message)).toBeInTheDocument();
    expect(screen.getByText(/a link to pay the balance when it is due/)).toBeInTheDocument();
  });

  it('read back after the balance is in, says it is paid in full and asks for nothing more', async () => {
    const paid = {
      ...balance,
      owed: false,
      paid_how: 'studio',
      message: 'You have paid £45.00 in full (£20.00 when booking and the balance of £25.00 since): nothing more is due.',
    };
    mockApi.on('GET', '/api/workshops/balance/7/', () => json(paid));
    renderPage(<WorkshopBookedPage />, { path, at: '/workshops/booked/7?token=t0k' });

    expect(await screen.findByText(paid.message)).toBeInTheDocument();
    expect(screen.queryByText(/pay the balance/)).not.toBeInTheDocument();
    expect(screen.getByText('We have emailed your confirmation.')).toBeInTheDocument();
  });

  it('without its link’s token, says where the details are', () => {
    renderPage(<WorkshopBookedPage />, { path, at: '/workshops/booked/7' });
    expect(screen.getByRole('heading', { name: 'Your booking' })).toBeInTheDocument();
  });
});
