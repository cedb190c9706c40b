import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi, never } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { AppRoutes } from './router';

/** Where the app is now, for the tests to read. */
function Here() {
  const { pathname } = useLocation();
  return <p data-testid="here">{pathname}</p>;
}

/** The menu's counts and the health strip's words, all well unless a test says otherwise. */
const allWell = { new_enquiries: 0, new_orders: 0, attention: [] as string[], unsent_mail: 0, last_backup_at: null as string | null };

function renderAt(path: string, signedIn: boolean, newOrders = 0, summary: Partial<typeof allWell> = {}) {
  let admin = signedIn;
  mockApi.on('GET', '/api/auth/me/', () => json(admin ? { is_admin: true, username: 'studio' } : { is_admin: false, username: null }));
  mockApi.on('POST', '/api/auth/login/', () => {
    admin = true;
    return json({ is_admin: true, username: 'studio' });
  });
  mockApi.on('GET', '/api/admin/summary/', () => json({ ...allWell, new_orders: newOrders, ...summary }));
  // The orders page is only opened here, not read: its list may take its time.
  mockApi.on('GET', '/api/admin/orders/', () => never());
  mockApi.on('GET', '/api/admin/workshops/', () => never());
  return renderRoutes(
    <>
      <AppRoutes />
      <Here />
    </>,
    path,
  );
}

describe('/admin, the back office’s own address', () => {
  it('opens the orders for a signed-in admin', async () => {
    renderAt('/admin', true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByTestId('here')).toHaveTextContent('/admin/orders');
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('opens the orders with a trailing slash too', async () => {
    renderAt('/admin/', true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
  });

  it('sends a visitor to the sign-in, and back to the orders once signed in', async () => {
    const user = userEvent.setup();
    renderAt('/admin', false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('here')).toHaveTextContent('/admin/login');
    await user.type(screen.getByLabelText('Username'), 'studio');
    await user.type(screen.getByLabelText('Password'), 'a long enough secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByTestId('here')).toHaveTextContent('/admin/orders');
  });
});

describe('the back office’s own frame', () => {
  it('has its own compact header: no shop navigation or footer, one Gallery link, the new orders in the tab’s title', async () => {
    renderAt('/admin/orders', true, 2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Back office' });
    expect(await within(menu).findByRole('link', { name: /^Orders\s*2\s*new$/ })).toHaveAttribute('href', '/admin/orders');
    // The shop's own navigation and footer are not in the back office, nor their gallery links.
    expect(screen.getAllByRole('navigation')).toEqual([menu]);
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Gallery/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'The shop' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('(2) Orders · Posy'));
  });

  it('says nothing of the shop’s health when all is well', async () => {
    renderAt('/admin/orders', true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Orders · Posy'));
    expect(screen.queryByText(/need(s)? a look/)).not.toBeInTheDocument();
  });

  it('folds what needs a person into one line, opened to the list and the mail not sent', async () => {
    const user = userEvent.setup();
    renderAt('/admin/orders', true, 0, {
      attention: ['1 letter(s) could not be sent and were given up on: send them again from the back office', 'no backup has been made: see docs/operations.md'],
      unsent_mail: 1,
    });
    const line = await screen.findByText('2 things need a look');
    expect(screen.getByText(/could not be sent/)).not.toBeVisible();
    await user.click(line);
    expect(screen.getByText('1 letter(s) could not be sent and were given up on: send them again from the back office.')).toBeVisible();
    expect(screen.getByText('No backup has been made: see docs/operations.md.')).toBeVisible();
    expect(screen.getByText('No backup has been made yet.')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'See the mail not sent (1)' }));
    expect(screen.getByTestId('here')).toHaveTextContent('/admin/mail');
  });

  it('keeps the shop’s frame on the sign-in', async () => {
    renderAt('/admin/login', false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('navigation').length).toBeGreaterThan(0);
  });
});
