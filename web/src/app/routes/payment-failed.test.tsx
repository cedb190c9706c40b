import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import PaymentFailedPage from './payment-failed';

describe('the payment failed page', () => {
  it('says nothing was taken and offers Retry Payment, back to /checkout', async () => {
    renderPage(<PaymentFailedPage />, { path: '/payment-failed' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing has been taken from your card/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retry Payment' })).toHaveAttribute('href', '/checkout');
    // The app fetches the cart as it starts; let it finish before the test ends.
    await waitFor(() => expect(mockApi.requests.some((r) => r.url.includes('/api/cart/'))).toBe(true));
  });
});
