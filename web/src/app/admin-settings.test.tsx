import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { AppRoutes } from './router';

function renderAt(path: string) {
  mockApi.on('GET', '/api/auth/me/', () => json({ is_admin: true, username: 'studio' }));
  mockApi.on('GET', '/api/admin/summary/', () => json({ new_enquiries: 0, new_orders: 0, attention: [], unsent_mail: 0, last_backup_at: null }));
  mockApi.on('GET', '/api/admin/admins/', () => json([{ username: 'studio', created: '2026-11-20T09:00:00Z', is_you: true }]));
  return renderRoutes(<AppRoutes />, path);
}

describe('Settings’ Admins tab', () => {
  it('is reached from Settings’ own menu, and signing out everywhere ends at the sign-in, which says so', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/admin/account/sign-out-everywhere/', () => json({ is_admin: false, username: null }));
    renderAt('/admin/settings/admins');
    const tabs = await screen.findByRole('navigation', { name: 'Settings' });
    expect(tabs).toHaveTextContent('The studio and delivery');
    expect(await screen.findByRole('link', { name: 'Admins' })).toHaveAttribute('aria-current', 'page');
    // The back office's menu is unchanged, Settings current on its tabs too.
    expect(screen.getByRole('navigation', { name: 'Back office' })).toHaveTextContent('ProductsWorkshopsGalleryEnquiriesSettings');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('You have signed out everywhere: every session of your account has ended.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });
});
