import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { AdminProduct, Category } from '../api/products-api';
import { Products } from './products';

const sunflowers: AdminProduct = {
  id: 4,
  name: 'Sunflower Bunch',
  description: 'Ten sunflowers.',
  category_id: 1,
  category_name: 'Bouquets',
  image: null,
  image_srcset: null,
  price: '28.00',
  stock: 6,
  lead_days: 0,
  visible: true,
  archived: false,
  ordered: false,
  sizes: [],
  version: 1,
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

const shelves: Category[] = [
  { id: 1, name: 'Bouquets', position: 0, hidden: false, products: 2, version: 0 },
  { id: 2, name: 'Plants', position: 1, hidden: false, products: 0, version: 0 },
];

function open(list = [sunflowers, peonies], categories = shelves) {
  mockApi.on('GET', '/api/admin/products/', () => json(list));
  mockApi.on('GET', '/api/admin/categories/', () => json(categories));
  renderPage(<Products onSignedOut={vi.fn()} />, { path: '/admin/products' });
}

/** The list open, with the sunflowers' quick stock change taken as sent: their stock box. */
async function openWithStockSaved() {
  mockApi.on('POST', '/api/admin/products/4/stock/', async (request) => {
    const { stock } = (await request.json()) as { stock: number };
    return json({ ...sunflowers, stock });
  });
  open();
  return screen.findByLabelText('In stock: Sunflower Bunch');
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

  it('names each Edit by its product, the visible word first and the name for screen readers', async () => {
    open();
    const shelf = await screen.findByRole('region', { name: 'Bouquets' });
    const edits = within(shelf).getAllByRole('button', { name: /^Edit / });
    expect(edits.map((edit) => edit.textContent)).toEqual(['Edit Sunflower Bunch', 'Edit Peony Posy']);
    expect(within(edits[0]!).getByText('Sunflower Bunch')).toHaveClass('visually-hidden');
  });

  it('saves a quick stock change, and says why a bad one is refused', async () => {
    const user = userEvent.setup();
    const box = await openWithStockSaved();
    await user.clear(box);
    await user.type(box, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save the stock of Sunflower Bunch' }));
    expect(box).toHaveAccessibleDescription('Please give a whole number.');
    await user.clear(box);
    await user.type(box, '12{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save the stock of Sunflower Bunch' })).toBeDisabled());
    expect(box).toHaveValue('12');
  });

  it('says beside the box when the stock moved since the list was drawn, keeps the count typed, and saves from the count now', async () => {
    const user = userEvent.setup();
    let lists = 0;
    const sent: unknown[] = [];
    // Two were sold after the list was first drawn.
    mockApi.on('GET', '/api/admin/products/', () => json([{ ...sunflowers, stock: (lists += 1) === 1 ? 6 : 4 }, peonies]));
    mockApi.on('GET', '/api/admin/categories/', () => json(shelves));
    mockApi.on('POST', '/api/admin/products/4/stock/', async (request) => {
      sent.push(await request.json());
      if (sent.length === 1) return json({ error: 'The stock changed to 4 while you were editing: check it and save again.' }, 409);
      return json({ ...sunflowers, stock: 12 });
    });
    renderPage(<Products onSignedOut={vi.fn()} />, { path: '/admin/products' });
    const box = await screen.findByLabelText('In stock: Sunflower Bunch');
    await user.clear(box);
    await user.type(box, '12{Enter}');
    await waitFor(() => expect(box).toHaveAccessibleDescription('The stock changed to 4 while you were editing: check it and save again.'));
    expect(box).toHaveValue('12');
    expect(sent[0]).toEqual({ stock: 12, stock_seen: 6 });
    await waitFor(() => expect(lists).toBe(2));
    await user.click(screen.getByRole('button', { name: 'Save the stock of Sunflower Bunch' }));
    await waitFor(() => expect(sent[1]).toEqual({ stock: 12, stock_seen: 4 }));
  });

  it('says a quick stock change is saved beside its Save button, until the count is changed again', async () => {
    const user = userEvent.setup();
    const box = await openWithStockSaved();
    const save = screen.getByRole('button', { name: 'Save the stock of Sunflower Bunch' });
    const status = within(save.closest('form')!).getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await user.clear(box);
    await user.type(box, '12{Enter}');
    await waitFor(() => expect(status).toHaveTextContent('Stock for Sunflower Bunch is now 12.'));
    await user.type(box, '3');
    expect(status).toBeEmptyDOMElement();
  });

  it('says an edited product is saved in its row, and the keyboard goes back to its Edit button', async () => {
    const user = userEvent.setup();
    mockApi.on('PUT', '/api/admin/products/4/', async (request) => {
      const { name } = (await request.json()) as { name: string };
      return json({ ...sunflowers, name });
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Sunflower Bunch' }));
    const editor = screen.getByRole('form', { name: 'Edit Sunflower Bunch' });
    const name = within(editor).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'The Bedminster');
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));
    const edit = await screen.findByRole('button', { name: 'Edit The Bedminster' });
    const row = edit.closest('li')!;
    await waitFor(() => expect(within(row).getByText('Saved The Bedminster.')).toHaveAttribute('role', 'status'));
    await waitFor(() => expect(edit).toHaveFocus());
    // Opening the editor again starts afresh.
    await user.click(edit);
    expect(within(row).queryByText('Saved The Bedminster.')).not.toBeInTheDocument();
  });

  it('says a new product is added in its own row, not in a corner of the page', async () => {
    const user = userEvent.setup();
    const sweetPeas: AdminProduct = { ...sunflowers, id: 9, name: 'Sweet Peas', stock: 3 };
    mockApi.on('POST', '/api/admin/products/', () => json(sweetPeas));
    open();
    await user.click(await screen.findByRole('button', { name: 'Add a product' }));
    const editor = screen.getByRole('form', { name: 'New product' });
    await user.type(within(editor).getByLabelText('Name'), 'Sweet Peas');
    await user.click(within(editor).getByRole('button', { name: 'Add the product' }));
    const edit = await screen.findByRole('button', { name: 'Edit Sweet Peas' });
    const said = await within(edit.closest('li')!).findByText('Added Sweet Peas: it is in the shop.');
    expect(said).toHaveAttribute('role', 'status');
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('edits a product with sizes and puts the server’s sentences beside the fields', async () => {
    const user = userEvent.setup();
    let tries = 0;
    mockApi.on('PUT', '/api/admin/products/1/', async (request) => {
      tries += 1;
      if (tries === 1) return json({ error: 'Please check the sizes.', fields: { 'sizes.1.price': 'A price must be at most £10,000.00.' } }, 400);
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

  it('keeps an ordered product for its orders: archived under Archived, and restored from there', async () => {
    const user = userEvent.setup();
    const ordered = { ...sunflowers, ordered: true };
    mockApi.on('POST', '/api/admin/products/4/archive/', () => json({ ...ordered, archived: true, visible: false }));
    mockApi.on('POST', '/api/admin/products/4/restore/', () => json({ ...ordered, visible: false }));
    open([ordered, peonies]);
    await user.click(await screen.findByRole('button', { name: 'Edit Sunflower Bunch' }));
    const editor = screen.getByRole('form', { name: 'Edit Sunflower Bunch' });
    expect(within(editor).queryByRole('button', { name: 'Delete Sunflower Bunch' })).not.toBeInTheDocument();
    const archive = within(editor).getByRole('button', { name: 'Archive Sunflower Bunch' });
    expect(archive).toHaveAccessibleDescription('It has been ordered, so it is archived rather than deleted: its orders keep it.');
    await user.click(archive);
    const archived = await screen.findByRole('region', { name: 'Archived' });
    expect(within(archived).getByText('Sunflower Bunch', { selector: '.product-row__name' })).toBeInTheDocument();
    await waitFor(() => expect(within(archived).getByRole('button', { name: 'Edit Sunflower Bunch' })).toHaveFocus());
    expect(within(screen.getByRole('region', { name: 'Bouquets' })).queryByText('Sunflower Bunch', { selector: '.product-row__name' })).not.toBeInTheDocument();
    await user.click(within(archived).getByRole('button', { name: 'Edit Sunflower Bunch' }));
    await user.click(within(archived).getByRole('button', { name: 'Restore Sunflower Bunch' }));
    const bouquets = screen.getByRole('region', { name: 'Bouquets' });
    expect(await within(bouquets).findByText('Sunflower Bunch', { selector: '.product-row__name' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Archived' })).not.toBeInTheDocument();
  });

  it('deletes a product never ordered once the studio confirms', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockApi.on('DELETE', '/api/admin/products/4/', () => json({ status: 'success' }));
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Sunflower Bunch' }));
    await user.click(screen.getByRole('button', { name: 'Delete Sunflower Bunch' }));
    expect(confirm).toHaveBeenCalledWith('Delete Sunflower Bunch? It has never been ordered; this cannot be undone.');
    await waitFor(() => expect(screen.queryByText('Sunflower Bunch', { selector: '.product-row__name' })).not.toBeInTheDocument());
    confirm.mockRestore();
  });
});
