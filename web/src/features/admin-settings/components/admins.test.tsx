import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { AdminAccount } from '../api/admins-api';
import { Admins } from './admins';

const studio: AdminAccount = { id: 1, username: 'studio', created: '2026-11-20T09:00:00Z', is_you: true, disabled: false, clashes: false };
const maya: AdminAccount = { id: 2, username: 'maya', created: '2026-12-14T09:30:00Z', is_you: false, disabled: false, clashes: false };

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
    await user.type(within(form).getByLabelText('Your password'), 'my-own-long-password');
    await user.click(within(form).getByRole('button', { name: 'Add admin' }));
    expect(await screen.findByText(/maya can sign in now/)).toBeInTheDocument();
    expect(sent).toEqual({ username: 'maya', password: 'sweet-peas-in-june', current_password: 'my-own-long-password' });
    expect(within(form).getByLabelText('Your password')).toHaveValue('');
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

  it('puts a wrong own password beside its field and keeps the new admin typed', async () => {
    const user = userEvent.setup();
    const wrong = 'That is not your current password. Please try again.';
    mockApi.on('POST', '/api/admin/admins/', () => json({ error: wrong, fields: { current_password: wrong } }, 400));
    open();
    const form = await screen.findByRole('form', { name: 'Add an admin' });
    await user.type(within(form).getByLabelText('Username'), 'maya');
    await user.type(within(form).getByLabelText('Password'), 'sweet-peas-in-june');
    const yours = within(form).getByLabelText('Your password');
    await user.type(yours, 'not-my-password');
    await user.click(within(form).getByRole('button', { name: 'Add admin' }));
    await waitFor(() => expect(yours).toHaveAccessibleDescription(wrong));
    await waitFor(() => expect(yours).toHaveFocus());
    expect(within(form).getByLabelText('Username')).toHaveValue('maya');
    expect(within(form).getByLabelText('Password')).toHaveValue('sweet-peas-in-june');
  });

  it('disables an admin once asked, and says why the last one cannot be removed', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockApi.on('POST', '/api/admin/admins/2/disable/', () => json([studio, { ...maya, disabled: true }]));
    const last = 'studio is the only admin who can sign in, so they cannot be removed: add or enable another admin first.';
    mockApi.on('DELETE', '/api/admin/admins/1/', () => json({ error: last }, 409));
    open([studio, maya]);
    await user.click(await screen.findByRole('button', { name: 'Disable maya' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Disable maya?'));
    expect(await screen.findByText('disabled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable maya' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove studio' }));
    expect(await screen.findByText(last)).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getByText('studio')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('changes nothing when the question is answered no', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    let asked = false;
    mockApi.on('DELETE', '/api/admin/admins/2/', () => {
      asked = true;
      return json([studio]);
    });
    open([studio, maya]);
    await user.click(await screen.findByRole('button', { name: 'Remove maya' }));
    expect(asked).toBe(false);
    expect(within(screen.getByRole('list')).getByText('maya')).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('says which names differ only in capitals', async () => {
    open([
      { ...studio, username: 'Ruth', clashes: true },
      { ...maya, username: 'ruth', clashes: true },
    ]);
    expect(await screen.findByText(/Ruth and ruth differ only in capitals/)).toBeInTheDocument();
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
