import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import GiftVoucherBalancePage from './gift-voucher-balance';

describe('the voucher balance page', () => {
  it('says what is left on a code and until when', async () => {
    let asked: unknown = null;
    mockApi.on('POST', '/api/vouchers/balance/', async (request) => {
      asked = await request.json();
      return json({ code: 'K7QM-2XHD-9PRT', balance: '0.00', expires_on: '2028-12-14', usable: false, sentence: 'This voucher has £0.00 left.' });
    });
    const user = userEvent.setup();
    renderPage(<GiftVoucherBalancePage />, { path: '/gift-vouchers/balance' });
    await user.type(await screen.findByRole('textbox', { name: 'Voucher code' }), 'k7qm-2xhd-9prt');
    await user.click(screen.getByRole('button', { name: 'Check the balance' }));
    expect(await screen.findByTestId('voucher-balance')).toHaveTextContent('£0.00 left');
    expect(asked).toEqual({ code: 'k7qm-2xhd-9prt' });
  });

  it('shows a refusal by the box and keeps the code as typed', async () => {
    mockApi.on('POST', '/api/vouchers/balance/', () =>
      json({ error: 'Too many codes tried from here. Please wait an hour, or call the studio.' }, 429),
    );
    const user = userEvent.setup();
    renderPage(<GiftVoucherBalancePage />, { path: '/gift-vouchers/balance' });
    const box = await screen.findByRole('textbox', { name: 'Voucher code' });
    await user.type(box, 'AAAA-BBBB-CCCC');
    await user.click(screen.getByRole('button', { name: 'Check the balance' }));
    expect(await screen.findByText('Too many codes tried from here. Please wait an hour, or call the studio.')).toBeInTheDocument();
    expect(box).toHaveValue('AAAA-BBBB-CCCC');
    await waitFor(() => expect(box).toHaveFocus());
  });
});
