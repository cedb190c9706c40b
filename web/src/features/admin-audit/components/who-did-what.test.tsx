import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { WhoDidWhat } from './who-did-what';

const kinds = [
  { kind: 'sign-in', label: 'Sign-ins' },
  { kind: 'failed-sign-ins', label: 'Failed sign-ins' },
  { kind: 'price', label: 'Prices' },
];

const priceChange = {
  id: 9,
  at: '2026-12-14T09:30:00Z',
  who: 'ruth',
  kind: 'price',
  kind_label: 'Prices',
  subject: 'Peony posy (#12)',
  change: 'price: £45.00 → £50.00',
  times: 1,
};

const failures = {
  id: 8,
  at: '2026-12-14T09:20:00Z',
  who: 'not signed in',
  kind: 'failed-sign-ins',
  kind_label: 'Failed sign-ins',
  subject: 'from 203.0.113.9',
  change: 'wrong username or password, counted over 15 minutes from Mon 14 Dec, 09:15',
  times: 4,
};

/** Answers the record's pages as the server would, from what the request asks. */
function serve(pages: Record<string, { entries: unknown[]; pages: number }>) {
  mockApi.on('GET', '/api/admin/audit/', (request) => {
    const asked = new URL(request.url).searchParams;
    const key = `${asked.get('kind') ?? ''} ${asked.get('page') ?? '1'}`;
    const answer = pages[key] ?? { entries: [], pages: 1 };
    return json({ ...answer, kinds, page: Number(asked.get('page') ?? 1) });
  });
}

describe('who did what', () => {
  it('lists each entry newest first with who, when, what and the change', async () => {
    serve({ ' 1': { entries: [priceChange, failures], pages: 1 } });
    renderPage(<WhoDidWhat onSignedOut={() => {}} />);

    const list = await screen.findByRole('list', { name: 'Who did what, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('ruth · Peony posy (#12)');
    expect(first).toHaveTextContent('price: £45.00 → £50.00');
    expect(first).toHaveTextContent('Prices');
    expect(within(first).getByText(/14 Dec/)).toHaveAttribute('datetime', '2026-12-14T09:30:00Z');
    expect(second).toHaveTextContent('Failed sign-ins · 4 times');
    expect(second).toHaveTextContent('not signed in · from 203.0.113.9');
    // Read-only: nothing on the page changes anything.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by kind and pages back through older entries', async () => {
    const user = userEvent.setup();
    serve({
      ' 1': { entries: [priceChange, failures], pages: 1 },
      'price 1': { entries: [priceChange], pages: 2 },
      'price 2': { entries: [{ ...priceChange, id: 3, change: 'price: £40.00 → £45.00' }], pages: 2 },
    });
    renderPage(<WhoDidWhat onSignedOut={() => {}} />);
    await screen.findByRole('list', { name: 'Who did what, newest first' });

    await user.selectOptions(screen.getByLabelText('Show'), 'Prices');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('price: £40.00 → £45.00')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(screen.getByLabelText('Show')).toHaveValue('price');
  });

  it('says when nothing of a kind has been done', async () => {
    serve({});
    renderPage(<WhoDidWhat onSignedOut={() => {}} />);
    expect(await screen.findByText('Nothing of this kind has been done yet.')).toBeInTheDocument();
  });
});
