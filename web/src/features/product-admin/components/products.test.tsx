import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { AdminProduct } from '../api/products-api';
import { Products } from './products';

const sunflowers: AdminProduct = {
  id: 4,
  name: 'Sunflower Bunch',
  description: 'Ten sunflowers.',
  category_name: 'Bouquets',
  image: null,
  price: '28.00',
  stock: 6,
  lead_days: 0,
  visible: true,
  sizes: [],
};
const peonies: AdminProduct = {
  ...sunflowers,
  id: 1,
  name: 'Peony Posy',
  price: '45.00',
  stock: 0,
  sizes: [
    { id: 11, size: 'Classic', price: '45.00', stock: 0 },
    { id: 12, size: 'Large', price: '60.00', stock: 0 },
  ],
};

function open(list = [sunflowers, peonies]) {
  mockApi.on('GET', '/api/admin/products/', () => json(list));
  renderPage(<Products onSignedOut={vi.fn()} />, { path: '/admin/products' });
}

describe('the studio’s products', () => {
  it('lists each shelf’s products with their stock, and marks the sold out', async () => {
    open();
    const shelf = await screen.findByRole('region', { name: 'Bouquets' });
    const rows = within(shelf).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Sunflower Bunch');
    expect(within(rows[0]!).getByLabelText('In stock: Sunflower Bunch')).toHaveValue('6');
    expect(rows[1]).toHaveTextContent('Classic: 0 · Large: 0');
    expect(within(rows[1]!).getByText('Sold out')).toBeInTheDocument();
  });

  it('saves a quick stock change, and says why a bad one is refused', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/admin/products/4/stock/', async (request) => {
      const { stock } = (await request.json()) as { stock: number };
      return json({ ...sunflowers, stock });
    });
    open();
    const box = await screen.findByLabelText('In stock: Sunflower Bunch');
    await user.clear(box);
    await user.type(box, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save the stock of Sunflower Bunch' }));
    expect(box).toHaveAccessibleDescription('Please give a whole number.');
    await user.clear(box);
    await user.type(box, '12{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save the stock of Sunflower Bunch' })).toBeDisabled());
    expect(box).toHaveValue('12');
  });

  it('edits a product with sizes and puts the server’s sentences beside the fields', async () => {
    const user = userEvent.setup();
    let tries = 0;
    mockApi.on('PUT', '/api/admin/products/1/', async (request) => {
      tries += 1;
      if (tries === 1) return json({ error: 'Please check the sizes’ prices and stock.', fields: { 'sizes.1.price': 'A price must be at most £10,000.00.' } }, 400);
      const body = (await request.json()) as { sizes: { price: string }[] };
      return json({ ...peonies, sizes: peonies.sizes.map((size, at) => ({ ...size, price: body.sizes[at]!.price })) });
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Peony Posy' }));
    const editor = screen.getByRole('form', { name: 'Edit Peony Posy' });
    const large = within(editor).getByLabelText('Large: price (£)');
    await user.clear(large);
    await user.type(large, '20000');
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));
    expect(await within(editor).findByText('A price must be at most £10,000.00.')).toBeInTheDocument();
    expect(large).toHaveFocus();
    await user.clear(large);
    await user.type(large, '65.00');
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Peony Posy' })).not.toBeInTheDocument());
  });
});
