import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { AdminAccount } from '../api/admins-api';
import { Admins } from './admins';

const studio: AdminAccount = { username: 'studio', created: '2026-11-20T09:00:00Z', is_you: true };
const maya: AdminAccount = { username: 'maya', created: '2026-12-14T09:30:00Z', is_you: false };

function open(admins: AdminAccount[] = [studio]) {
  mockApi.on('GET', '/api/admin/admins/', () => json(admins));
  const onSignedOut = vi.fn();
  const onSignedOutEverywhere = vi.fn();
  renderPage(<Admins onSignedOut={onSignedOut} onSignedOutEverywhere={onSignedOutEverywhere} />, { path: '/admin/settings/admins' });
  return { onSignedOut, onSignedOutEverywhere };
}

describe('the admins', () => {
  it('lists the admins with when each was added, and adds one', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    mockApi.on('POST', '/api/admin/admins/', async (request) => {
      sent = await request.json();
      return json([studio, maya]);
    });
    open();
    const list = await screen.findByRole('list');
    expect(within(list).getByText('studio')).toBeInTheDocument();
    expect(within(list).getByText('you')).toBeInTheDocument();
    expect(within(list).getByText('Added 20 November 2026')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add an admin' });
    await user.type(within(form).getByLabelText('Username'), 'maya');
    await user.type(within(form).getByLabelText('Password'), 'sweet-peas-in-june');
    await user.click(within(form).getByRole('button', { name: 'Add admin' }));
    expect(await screen.findByText(/maya can sign in now/)).toBeInTheDocument();
    expect(sent).toEqual({ username: 'maya', password: 'sweet-peas-in-june' });
    expect(within(screen.getByRole('list')).getByText('maya')).toBeInTheDocument();
    expect(within(form).getByLabelText('Username')).toHaveValue('');
  });

  it('shows a taken name beside the username and keeps what was typed', async () => {
    const user = userEvent.setup();
    const taken = 'There is already an admin called studio. Please choose another username.';
    mockApi.on('POST', '/api/admin/admins/', () => json({ error: taken, fields: { username: taken } }, 400));
    open();
    const form = await screen.findByRole('form', { name: 'Add an admin' });
    const username = within(form).getByLabelText('Username');
    await user.type(username, 'studio');
    await user.type(within(form).getByLabelText('Password'), 'sweet-peas-in-june');
    await user.click(within(form).getByRole('button', { name: 'Add admin' }));
    await waitFor(() => expect(username).toHaveAccessibleDescription(taken));
    expect(username).toHaveValue('studio');
    await waitFor(() => expect(username).toHaveFocus());
  });

  it('asks for the current password again and says when it is wrong', async () => {
    const user = userEvent.setup();
    const wrong = 'That is not your current password. Please try again.';
    let sent: unknown = null;
    mockApi.on('POST', '/api/admin/account/password/', async (request) => {
      sent = await request.json();
      return (sent as { current_password: string }).current_password === 'right-password-here'
        ? json({ message: 'Your password is changed. Your other sessions are signed out.' })
        : json({ error: wrong, fields: { current_password: wrong } }, 400);
    });
    open();
    const form = await screen.findByRole('form', { name: 'Change my password' });
    const current = within(form).getByLabelText('Current password');
    await user.type(current, 'a-wrong-password');
    await user.type(within(form).getByLabelText('New password'), 'hellebores-in-january');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(wrong));
    await user.clear(current);
    await user.type(current, 'right-password-here');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed. Your other sessions are signed out.')).toBeInTheDocument();
    expect(sent).toEqual({ current_password: 'right-password-here', new_password: 'hellebores-in-january' });
    expect(current).toHaveValue('');
  });

  it('signs out everywhere and hands over to the sign-in', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/admin/account/sign-out-everywhere/', () => json({ is_admin: false, username: null }));
    const { onSignedOutEverywhere } = open();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(onSignedOutEverywhere).toHaveBeenCalledTimes(1));
  });

  it('sends a signed-out admin to the sign-in (401)', async () => {
    mockApi.on('GET', '/api/admin/admins/', () => json({ error: 'Please sign in as the studio’s admin to do that.' }, 401));
    const onSignedOut = vi.fn();
    renderPage(<Admins onSignedOut={onSignedOut} onSignedOutEverywhere={vi.fn()} />, { path: '/admin/settings/admins' });
    await waitFor(() => expect(onSignedOut).toHaveBeenCalled());
  });
});
