import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { AdminProduct, Category, ProductChange } from '../api/products-api';
import { ProductEditor } from './product-editor';

const shelves: Category[] = [
  { id: 1, name: 'Bouquets', position: 0, hidden: false, products: 4, version: 0 },
  { id: 2, name: 'Seasonal', position: 1, hidden: true, products: 1, version: 2 },
];

const made: AdminProduct = {
  id: 30,
  name: 'Midwinter Posy',
  description: 'Hellebores and ivy.',
  category_id: 2,
  category_name: 'Seasonal',
  image: null,
  image_srcset: null,
  price: '30.00',
  stock: 2,
  lead_days: 0,
  visible: true,
  archived: false,
  ordered: false,
  sizes: [
    { id: 301, size: 'Petite', price: '30.00', stock: 2 },
    { id: 302, size: 'Full', price: '48.00', stock: 0 },
  ],
  version: 4,
};

const candle: AdminProduct = {
  id: 13,
  name: 'Hand-poured Soy Candle',
  description: 'Soy wax, cotton wick.',
  category_id: 1,
  category_name: 'Bouquets',
  image: null,
  image_srcset: null,
  price: '18.00',
  stock: 15,
  lead_days: 0,
  visible: true,
  archived: false,
  ordered: true,
  sizes: [],
  version: 3,
};

function openNew(onSaved = vi.fn()) {
  renderPage(<ProductEditor product={null} categories={shelves} onSaved={onSaved} onFailed={vi.fn()} />, { path: '/admin/products' });
  return screen.getByRole('form', { name: 'New product' });
}

describe('the product editor', () => {
  it('makes a product on its shelf with sizes added one by one, then sends its picture', async () => {
    const user = userEvent.setup();
    const sent: ProductChange[] = [];
    let picture: File | null = null;
    mockApi.on('POST', '/api/admin/products/', async (request) => {
      sent.push((await request.json()) as ProductChange);
      return json(made);
    });
    mockApi.on('POST', '/api/admin/products/30/picture/', async (request) => {
      picture = (await request.formData()).get('picture') as File;
      return json({ ...made, image: '/media/products/x-1600.jpg' });
    });
    const onSaved = vi.fn();
    const form = openNew(onSaved);
    expect(within(form).getByRole('option', { name: 'Seasonal (hidden)' })).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), 'Midwinter Posy');
    await user.type(within(form).getByLabelText('Description'), 'Hellebores and ivy.');
    await user.selectOptions(within(form).getByLabelText('Category'), 'Seasonal (hidden)');
    await user.click(within(form).getByRole('button', { name: 'Add a size' }));
    await user.click(within(form).getByRole('button', { name: 'Add a size' }));
    expect(within(form).queryByLabelText('Price (£)')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Size 1: name'), 'Petite');
    await user.type(within(form).getByLabelText('Petite: price (£)'), '30');
    await user.clear(within(form).getByLabelText('Petite: in stock'));
    await user.type(within(form).getByLabelText('Petite: in stock'), '2');
    await user.type(within(form).getByLabelText('Size 2: name'), 'Full');
    await user.type(within(form).getByLabelText('Full: price (£)'), '48');
    const file = new File(['jpeg bytes'], 'posy.jpg', { type: 'image/jpeg' });
    await user.upload(within(form).getByLabelText('Picture'), file);
    await user.click(within(form).getByRole('button', { name: 'Add the product' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ image: '/media/products/x-1600.jpg' })));
    expect(sent[0]).toMatchObject({
      name: 'Midwinter Posy',
      category_id: 2,
      sizes: [
        { size: 'Petite', price: '30', stock: 2 },
        { size: 'Full', price: '48', stock: 0 },
      ],
    });
    expect(sent[0]!.sizes[0]).not.toHaveProperty('key');
    expect(picture).not.toBeNull();
    expect(picture!.size).toBe(file.size);
  });

  it('puts core’s sentences beside the fields and sends no picture while the form is refused', async () => {
    const user = userEvent.setup();
    const picture = vi.fn(() => json(made));
    mockApi.on('POST', '/api/admin/products/', () =>
      json({ error: 'Please check the fields marked below.', fields: { name: 'Please give the product a name.', price: 'A price must be more than £0.00.' } }, 400),
    );
    mockApi.on('POST', '/api/admin/products/30/picture/', picture);
    const form = openNew();
    await user.upload(within(form).getByLabelText('Picture'), new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
    await user.click(within(form).getByRole('button', { name: 'Add the product' }));
    expect(await within(form).findByText('Please give the product a name.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Price (£)')).toHaveAccessibleDescription('A price must be more than £0.00.');
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(picture).not.toHaveBeenCalled();
  });

  it('shows its banner above the fields it points to, and takes it away once they are put right', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/admin/products/', () =>
      json({ error: 'Please check the fields marked below.', fields: { name: 'Please give the product a name.', price: 'A price must be more than £0.00.' } }, 400),
    );
    const form = openNew();
    await user.click(within(form).getByRole('button', { name: 'Add the product' }));
    const banner = within(form).getByRole('alert');
    await waitFor(() => expect(banner).toHaveTextContent('Please check the fields marked below.'));
    // "Below" is true: the fields come after it.
    const name = within(form).getByLabelText('Name');
    expect(banner.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.type(name, 'Midwinter Posy');
    expect(banner).toHaveTextContent('Please check the fields marked below.');
    await user.type(within(form).getByLabelText('Price (£)'), '30');
    expect(banner).toBeEmptyDOMElement();
  });

  it('keeps a refusal that names no field until the next save', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/admin/products/', () => json({ error: 'The change could not be saved just now. Please try again.' }, 503));
    const form = openNew();
    await user.click(within(form).getByRole('button', { name: 'Add the product' }));
    const banner = within(form).getByRole('alert');
    await waitFor(() => expect(banner).toHaveTextContent('The change could not be saved just now. Please try again.'));
    await user.type(within(form).getByLabelText('Name'), 'Midwinter Posy');
    expect(banner).toHaveTextContent('The change could not be saved just now. Please try again.');
  });

  it('removes a size, and says which picture was refused once the product is saved', async () => {
    const user = userEvent.setup();
    const sent: ProductChange[] = [];
    mockApi.on('PUT', '/api/admin/products/30/', async (request) => {
      sent.push((await request.json()) as ProductChange);
      return json(made);
    });
    mockApi.on('POST', '/api/admin/products/30/picture/', () =>
      json({ error: 'notes.jpg is not a picture or video we can use.', fields: { picture: 'notes.jpg is not a picture or video we can use.' } }, 400),
    );
    const onSaved = vi.fn();
    const onPictureRefused = vi.fn();
    renderPage(
      <ProductEditor product={made} categories={shelves} onSaved={onSaved} onPictureRefused={onPictureRefused} onFailed={vi.fn()} />,
      { path: '/admin/products' },
    );
    const form = screen.getByRole('form', { name: 'Edit Midwinter Posy' });
    await user.click(within(form).getByRole('button', { name: 'Remove Petite' }));
    await user.upload(within(form).getByLabelText('Picture'), new File(['text'], 'notes.jpg', { type: 'image/jpeg' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onPictureRefused).toHaveBeenCalledWith(made, 'notes.jpg is not a picture or video we can use.'));
    expect(sent[0]!.sizes).toEqual([{ id: 302, size: 'Full', price: '48.00', stock: 0, stock_seen: 0 }]);
    expect(sent[0]).toMatchObject({ version: 4 });
    expect(within(form).getByLabelText('Picture')).toHaveAccessibleDescription(/^notes\.jpg is not a picture/);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends what it was made from, and after a sale it missed says so, keeps what was typed and saves from the stock now', async () => {
    const user = userEvent.setup();
    const sent: ProductChange[] = [];
    mockApi.on('PUT', '/api/admin/products/13/', async (request) => {
      sent.push((await request.json()) as ProductChange);
      if (sent.length === 1) return json({ error: 'The stock changed to 13 while you were editing: check it and save again.' }, 409);
      return json({ ...candle, description: 'Hand-poured soy wax.', stock: 20, version: 4 });
    });
    // The shop's list, asked again after the refusal: two were sold.
    mockApi.on('GET', '/api/admin/products/', () => json([{ ...candle, stock: 13 }]));
    const onSaved = vi.fn();
    renderPage(<ProductEditor product={candle} categories={shelves} onSaved={onSaved} onFailed={vi.fn()} />, { path: '/admin/products' });
    const form = screen.getByRole('form', { name: 'Edit Hand-poured Soy Candle' });
    const description = within(form).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Hand-poured soy wax.');
    const stock = within(form).getByLabelText('In stock');
    await user.clear(stock);
    await user.type(stock, '20');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    const banner = within(form).getByRole('alert');
    await waitFor(() => expect(banner).toHaveTextContent('The stock changed to 13 while you were editing: check it and save again.'));
    expect(sent[0]).toMatchObject({ stock: 20, stock_seen: 15, version: 3, description: 'Hand-poured soy wax.' });
    // Nothing she typed is lost.
    expect(description).toHaveValue('Hand-poured soy wax.');
    expect(stock).toHaveValue('20');
    expect(onSaved).not.toHaveBeenCalled();

    // Told of the 13, she saves her 20 again: it is sent as made from the 13.
    // The button is back once the stock now has been read.
    await user.click(await within(form).findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[1]).toMatchObject({ stock: 20, stock_seen: 13, version: 3 });
  });
});
