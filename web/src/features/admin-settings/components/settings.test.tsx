import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { demoDelivery } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { Settings } from './settings';

/** The demo's settings as the back office loads them: with the version they were saved at. */
const loaded = { ...demoDelivery, version: 3 };

function open() {
  mockApi.on('GET', '/api/admin/settings/delivery/', () => json(loaded));
  renderPage(<Settings onSignedOut={vi.fn()} />, { path: '/admin/settings' });
}

/** A server that keeps what is saved; `.body` is the last save. */
function keepSaves() {
  const saved: { body: typeof loaded | null } = { body: null };
  mockApi.on('PUT', '/api/admin/settings/delivery/', async (request) => {
    saved.body = (await request.json()) as typeof loaded;
    return json({ ...saved.body, version: saved.body.version + 1 });
  });
  return saved;
}

describe('the studio’s settings', () => {
  it('opens a closed day with the usual hours and saves the whole settings', async () => {
    const user = userEvent.setup();
    const sent = keepSaves();
    open();
    const sunday = await screen.findByRole('checkbox', { name: 'Sunday' });
    expect(sunday).not.toBeChecked();
    await user.click(sunday);
    expect(screen.getByLabelText('Sunday opens')).toHaveValue('09:00');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved. The shop uses the new settings now.')).toBeInTheDocument();
    expect(sent.body!.opening_hours.sunday).toEqual({ open: '09:00', close: '17:00' });
    expect(sent.body!.zones).toEqual(demoDelivery.zones);
    // What they were made from goes with them.
    expect(sent.body!.version).toBe(3);
  });

  it('says when someone else saved the settings meanwhile, and keeps what was changed', async () => {
    const user = userEvent.setup();
    mockApi.on('PUT', '/api/admin/settings/delivery/', () =>
      json(
        {
          error: 'Someone else saved the delivery settings while you were editing: reload the page to see them, then make your changes again.',
          orders: [],
        },
        409,
      ),
    );
    open();
    const sunday = await screen.findByRole('checkbox', { name: 'Sunday' });
    await user.click(sunday);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/^Someone else saved the delivery settings while you were editing/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close anyway' })).not.toBeInTheDocument();
    expect(sunday).toBeChecked();
    expect(screen.getByLabelText('Sunday opens')).toHaveValue('09:00');
  });

  it('picks a day closed every year by day and month, and keeps it as the wire’s MM-DD', async () => {
    const user = userEvent.setup();
    const sent = keepSaves();
    open();
    const christmas = (await screen.findAllByRole('group', { name: 'Every year on' }))[0]!;
    expect(within(christmas).getByRole('combobox', { name: 'Day' })).toHaveDisplayValue('25');
    expect(within(christmas).getByRole('combobox', { name: 'Month' })).toHaveDisplayValue('December');
    expect(screen.queryByText(/MM-DD/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a day closed every year' }));
    const added = screen.getAllByRole('group', { name: 'Every year on' }).at(-1)!;
    await user.selectOptions(within(added).getByRole('combobox', { name: 'Day' }), '1');
    await user.selectOptions(within(added).getByRole('combobox', { name: 'Month' }), 'January');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved. The shop uses the new settings now.')).toBeInTheDocument();
    expect(sent.body!.closed_every_year.at(-1)).toEqual({ day: '01-01', reason: '' });
    expect(sent.body!.closed_every_year[0]).toEqual(demoDelivery.closed_every_year[0]);
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

  it('warns with the orders on a day being closed, and closes it only when told to', async () => {
    const user = userEvent.setup();
    const saves: { warned: string | null; body: typeof demoDelivery }[] = [];
    const orders = [
      { id: 12, reference: 'FS-000012', customer: 'Sam Reed', method: 'delivery', date: '2026-12-15', day: 'Tuesday 15 December', closed: 'Closed for a wedding' },
      { id: 15, reference: 'FS-000015', customer: 'Jo Bloom', method: 'collection', date: '2026-12-15', day: 'Tuesday 15 December', closed: 'Closed for a wedding' },
    ];
    mockApi.on('PUT', '/api/admin/settings/delivery/', async (request) => {
      const warned = new URL(request.url).searchParams.get('orders_warned_of');
      const body = (await request.json()) as typeof demoDelivery;
      saves.push({ warned, body });
      if (warned !== '12,15') {
        return json(
          {
            error:
              'The settings were not saved: Tuesday 15 December already has 2 orders (FS-000012 for Sam Reed, FS-000015 for Jo Bloom). Please tell those customers or move their orders, or save again to close anyway.',
            orders,
          },
          409,
        );
      }
      return json(body);
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Add a day off' }));
    await user.type(screen.getByLabelText('Date'), '2026-12-15');
    // The new day off is the first row; the days closed every year follow it.
    await user.type(screen.getAllByLabelText('Closed for')[0]!, 'a wedding');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const list = await screen.findByRole('list', { name: 'Orders on the days being closed' });
    const named = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(named).toEqual([
      'FS-000012 · Sam Reed · delivery on Tuesday 15 December (Closed for a wedding)',
      'FS-000015 · Jo Bloom · collection on Tuesday 15 December (Closed for a wedding)',
    ]);
    expect(within(list).getByRole('link', { name: 'FS-000012' })).toHaveAttribute('href', '/admin/orders/12');
    expect(screen.getByText(/already has 2 orders/)).toBeInTheDocument();
    expect(screen.queryByText('Saved. The shop uses the new settings now.')).not.toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(saves[0]!.warned).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Close anyway' }));
    expect(await screen.findByText('Saved. The shop uses the new settings now.')).toBeInTheDocument();
    expect(saves).toHaveLength(2);
    expect(saves[1]!.warned).toBe('12,15');
    expect(saves[1]!.body.closed_on).toEqual([{ date: '2026-12-15', reason: 'a wedding' }]);
    expect(screen.queryByRole('list', { name: 'Orders on the days being closed' })).not.toBeInTheDocument();
  });

  it('saves nothing when the studio goes back from the warning', async () => {
    const user = userEvent.setup();
    mockApi.on('PUT', '/api/admin/settings/delivery/', () =>
      json(
        {
          error: 'The settings were not saved: Tuesday 15 December already has an order (FS-000012 for Sam Reed).',
          orders: [{ id: 12, reference: 'FS-000012', customer: 'Sam Reed', method: 'delivery', date: '2026-12-15', day: 'Tuesday 15 December', closed: 'Closed on Tuesdays' }],
        },
        409,
      ),
    );
    open();
    await user.click(await screen.findByRole('checkbox', { name: 'Tuesday' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await user.click(await screen.findByRole('button', { name: 'Go back' }));
    expect(screen.queryByText(/already has an order/)).not.toBeInTheDocument();
    expect(mockApi.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});
