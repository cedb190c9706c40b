import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoDelivery } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { ShelfProduct } from '../api/orders-api';
import { PhoneOrder } from './phone-order';

const shelf: ShelfProduct[] = [
  {
    id: 1,
    name: 'Peony Posy',
    description: '',
    category_id: 1,
    archived: false,
    ordered: false,
    image_srcset: null,
    category_name: 'Bouquets',
    image: null,
    lead_days: 0,
    price: '35.00',
    stock: 7,
    visible: true,
    sizes: [
      { id: 11, size: 'Classic', price: '35.00', stock: 4 },
      { id: 12, size: 'Large', price: '45.00', stock: 3 },
    ],
    version: 0,
  },
  { id: 2, name: 'Bud Vase', description: '', category_id: 2, archived: false, ordered: false, image_srcset: null, category_name: 'Vases', image: null, lead_days: 0, price: '12.50', stock: 9, visible: true, sizes: [], version: 0 },
];

function openForm() {
  mockApi.on('GET', '/api/admin/products/', () => json(shelf));
  mockApi.on('GET', '/api/delivery/', () => json({ settings: demoDelivery, taken: { days: [] } }));
  const onChanged = vi.fn();
  renderPage(<PhoneOrder onChanged={onChanged} onSignedOut={() => {}} />, { path: '/admin/orders/new' });
  return { onChanged, user: userEvent.setup() };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Monday 14 December 2026, 09:30 in Bristol.
  vi.setSystemTime(new Date('2026-12-14T09:30:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('taking a phone order', () => {
  it('shows the server’s sentences beside each field, and the core’s about the delivery, keeping what was typed', async () => {
    const bodies: Record<string, unknown>[] = [];
    mockApi.on('POST', '/api/admin/orders/', async (request) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return json(
        {
          error: 'Please fill in all required fields: First name, Phone',
          fields: { first_name: 'Please enter a first name.', phone: 'Please enter a phone number.', 'items.1': 'Only 3 left of Peony Posy (Large)' },
        },
        400,
      );
    });
    const { user } = openForm();
    const firstItem = await screen.findByLabelText('Item 1');
    await user.selectOptions(firstItem, '2');
    await user.click(screen.getByRole('button', { name: 'Add another item' }));
    await user.selectOptions(screen.getByLabelText('Item 2'), '1');
    await user.selectOptions(screen.getByLabelText('Size'), '12');
    const quantity = screen.getAllByLabelText('Quantity')[1]!;
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.type(screen.getByLabelText('Last name'), 'Hale');
    await user.type(screen.getByLabelText('How it was paid'), 'Cash');
    await user.type(screen.getByLabelText('Delivery postcode'), 'BS3 1AA');

    await user.click(screen.getByRole('button', { name: 'Take the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the fields marked below.');
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Please enter a first name.');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Please enter a phone number.');
    expect(screen.getByLabelText('Item 2')).toHaveAccessibleDescription('Only 3 left of Peony Posy (Large)');
    // The core's check of the delivery, shown with the server's.
    expect(screen.getByLabelText("Recipient's name")).toHaveAttribute('aria-invalid', 'true');
    // Nothing typed is lost.
    expect(screen.getByLabelText('Last name')).toHaveValue('Hale');
    expect(screen.getByLabelText('How it was paid')).toHaveValue('Cash');
    expect(screen.getByLabelText('Delivery postcode')).toHaveValue('BS3 1AA');
    expect(quantity).toHaveValue(5);

    expect(bodies[0]).toMatchObject({
      first_name: '',
      last_name: 'Hale',
      payment_note: 'Cash',
      items: [
        { product_id: 2, size_id: null, quantity: 1 },
        { product_id: 1, size_id: 12, quantity: 5 },
      ],
      fulfilment: { method: 'delivery', date: '2026-12-14', slot: 'Afternoon', postcode: 'BS3 1AA' },
    });

    // A fault goes as its field is changed.
    await user.type(screen.getByLabelText('First name'), 'Margaret');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers only the days and times the studio can do, and goes to the new order once taken', async () => {
    let body: Record<string, unknown> = {};
    mockApi.on('POST', '/api/admin/orders/', async (request) => {
      body = (await request.json()) as Record<string, unknown>;
      return json({ id: 55, reference: 'FS-000055' });
    });
    const { user, onChanged } = openForm();
    await user.selectOptions(await screen.findByLabelText('Item 1'), '2');
    await user.type(screen.getByLabelText('First name'), 'Margaret');
    await user.type(screen.getByLabelText('Last name'), 'Hale');
    await user.type(screen.getByLabelText('Phone'), '0117 496 0000');
    await user.type(screen.getByLabelText('How it was paid'), 'Card on the phone');
    await user.click(screen.getByRole('radio', { name: 'Collection from the studio' }));
    const day = screen.getByLabelText('Collection day');
    expect(within(day).getByRole('option', { name: /Sunday 20 December/ })).toBeDisabled();
    expect(day).toHaveValue('2026-12-14');
    await user.selectOptions(screen.getByLabelText('Collection time'), '14:00');
    expect(screen.getByTestId('phone-order-total')).toHaveTextContent('£12.50');
    await user.click(screen.getByRole('button', { name: 'Take the order' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('Elsewhere: /admin/orders/55');
    expect(onChanged).toHaveBeenCalled();
    expect(body).toMatchObject({
      first_name: 'Margaret',
      phone: '0117 496 0000',
      payment_note: 'Card on the phone',
      items: [{ product_id: 2, size_id: null, quantity: 1 }],
      fulfilment: { method: 'collection', date: '2026-12-14', collection_time: '14:00' },
    });
  });
});
