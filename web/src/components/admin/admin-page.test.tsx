import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminLoading, AdminRetry } from './admin-page';

describe('an admin page’s loading and retry', () => {
  it('says it is fetching as a status', () => {
    render(<AdminLoading>Fetching the products…</AdminLoading>);
    expect(screen.getByRole('status')).toHaveTextContent('Fetching the products…');
  });

  it('says what could not be had as an alert, with Try again and what else it offers', async () => {
    const retry = vi.fn();
    render(
      <AdminRetry onRetry={retry} more={<a href="/admin/orders">Back to the orders</a>}>
        We couldn’t fetch the products.
      </AdminRetry>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t fetch the products.');
    expect(screen.getByRole('link', { name: 'Back to the orders' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
