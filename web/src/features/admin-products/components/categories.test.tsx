import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { Category } from '../api/products-api';
import { Categories } from './categories';

const shelves: Category[] = [
  { id: 1, name: 'Bouquets', position: 0, hidden: false, products: 4, version: 0 },
  { id: 2, name: 'Plants', position: 1, hidden: false, products: 1, version: 5 },
];

function open(onChanged = vi.fn()) {
  renderPage(<Categories id="categories" categories={shelves} onChanged={onChanged} onFailed={vi.fn()} />, { path: '/admin/products' });
  return onChanged;
}

describe('the shop’s categories', () => {
  it('adds a category, and shows core’s sentence when the name is taken', async () => {
    const user = userEvent.setup();
    let tries = 0;
    mockApi.on('POST', '/api/admin/categories/', async (request) => {
      tries += 1;
      const { name } = (await request.json()) as { name: string };
      if (tries === 1) return json({ error: 'There is already a category called plants.', fields: { name: 'There is already a category called plants.' } }, 400);
      return json([...shelves, { id: 3, name, position: 2, hidden: false, products: 0, version: 0 }]);
    });
    const onChanged = open();
    const form = screen.getByRole('form', { name: 'New category' });
    const box = within(form).getByLabelText('New category');
    await user.type(box, 'plants');
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await within(form).findByText('There is already a category called plants.')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('There is already a category called plants.');
    await user.clear(box);
    await user.type(box, 'Weddings{Enter}');
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.arrayContaining([expect.objectContaining({ name: 'Weddings' })])));
    expect(box).toHaveValue('');
  });

  it('renames and hides a category, and moves one up', async () => {
    const user = userEvent.setup();
    const changes: unknown[] = [];
    mockApi.on('PUT', '/api/admin/categories/2/', async (request) => {
      changes.push(await request.json());
      return json(shelves);
    });
    mockApi.on('POST', '/api/admin/categories/order/', async (request) => {
      changes.push(await request.json());
      return json(shelves);
    });
    open();
    const plants = screen.getByRole('form', { name: 'Category Plants' });
    const save = within(plants).getByRole('button', { name: 'Save the category Plants' });
    expect(save).toBeDisabled();
    const name = within(plants).getByLabelText('Name (1 product)');
    await user.clear(name);
    await user.type(name, 'House plants');
    await user.click(within(plants).getByRole('checkbox', { name: 'Hidden from the shop' }));
    await user.click(save);
    await user.click(screen.getByRole('button', { name: 'Move Plants up' }));
    // Each says what it was made from: the shelf's version, the order shown.
    await waitFor(() =>
      expect(changes).toEqual([
        { name: 'House plants', hidden: true, version: 5 },
        { category_ids: [2, 1], order_seen: [1, 2] },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Move Bouquets up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Plants down' })).toBeDisabled();
  });

  it('says beside the name when someone else changed the category, keeping what was typed', async () => {
    const user = userEvent.setup();
    mockApi.on('PUT', '/api/admin/categories/2/', () =>
      json({ error: 'Someone else changed this category while you were editing: reload the page to see it, then make your change again.' }, 409),
    );
    open();
    const plants = screen.getByRole('form', { name: 'Category Plants' });
    const name = within(plants).getByLabelText('Name (1 product)');
    await user.clear(name);
    await user.type(name, 'House plants{Enter}');
    await waitFor(() => expect(name).toHaveAccessibleDescription(/^Someone else changed this category/));
    expect(name).toHaveValue('House plants');
  });
});
