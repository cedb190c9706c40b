import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { demoDelivery } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { Settings } from './settings';

function open() {
  mockApi.on('GET', '/api/admin/settings/delivery/', () => json(demoDelivery));
  renderPage(<Settings onSignedOut={vi.fn()} />, { path: '/admin/settings' });
}

describe('the studio’s settings', () => {
  it('opens a closed day with the usual hours and saves the whole settings', async () => {
    const user = userEvent.setup();
    let sent: typeof demoDelivery | null = null;
    mockApi.on('PUT', '/api/admin/settings/delivery/', async (request) => {
      sent = (await request.json()) as typeof demoDelivery;
      return json(sent);
    });
    open();
    const sunday = await screen.findByRole('checkbox', { name: 'Sunday' });
    expect(sunday).not.toBeChecked();
    await user.click(sunday);
    expect(screen.getByLabelText('Sunday opens')).toHaveValue('09:00');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved. The shop uses the new settings now.')).toBeInTheDocument();
    expect(sent!.opening_hours.sunday).toEqual({ open: '09:00', close: '17:00' });
    expect(sent!.zones).toEqual(demoDelivery.zones);
  });

  it('lists each problem the core found, in its words', async () => {
    const user = userEvent.setup();
    mockApi.on('PUT', '/api/admin/settings/delivery/', () =>
      json({ error: 'BS3 is in more than one zone.', fields: { problem_1: 'BS3 is in more than one zone.', problem_2: 'Monday closes before it opens.' } }, 400),
    );
    open();
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    const report = await screen.findByText('The settings were not saved:');
    await waitFor(() => expect(report.parentElement).toHaveTextContent('Monday closes before it opens.'));
    expect(report.parentElement).toHaveTextContent('BS3 is in more than one zone.');
  });

  it('refuses a limit that is not a whole number instead of reading it as no limit', async () => {
    const user = userEvent.setup();
    open();
    const limit = await screen.findByLabelText('Collections a day (empty: no limit)');
    await user.type(limit, 'ten');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Collections a day must be a whole number, or empty for no limit.')).toBeInTheDocument();
    expect(mockApi.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });
});
