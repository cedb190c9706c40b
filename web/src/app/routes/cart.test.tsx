import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartLine, cartWith, demoDelivery, emptyCart, twoLineCart } from '@/testing/fixtures';
import { json, mockApi, never } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { CART_ID_KEY } from '@/features/cart/stores/cart-context';
import { storeId } from '@/features/cart/stores/cart-store';
import CartPage from './cart';

function posts(path: string): Request[] {
  return mockApi.requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === path);
}

async function lines() {
  return within(await screen.findByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem');
}

describe('the cart page', () => {
  beforeEach(() => {
    mockApi.on('GET', '/api/delivery/', () => json({ settings: demoDelivery }));
  });

  it('says the cart is being fetched', async () => {
    mockApi.on('GET', '/api/cart/', () => never());
    renderPage(<CartPage />, { path: '/cart' });
    expect(await screen.findByRole('status')).toHaveTextContent('Fetching your cart…');
  });

  it('holds the empty cart, hidden, until the cart answers, then shows that same element', async () => {
    const { container } = renderPage(<CartPage />, { path: '/cart', cart: emptyCart() });
    // What the server draws and the browser's first render: the loading mark, and the empty cart
    // that cart.css shows at once to a visitor with no cart id stored.
    const drawn = container.querySelector('.empty-cart');
    expect(drawn).toHaveAttribute('hidden');
    expect(screen.getByRole('status')).toHaveTextContent('Fetching your cart…');
    const heading = await screen.findByRole('heading', { name: 'Your cart is empty' });
    expect(heading.closest('.empty-cart')).toBe(drawn);
    expect(drawn).not.toHaveAttribute('hidden');
  });

  it('is marked before the first paint when no cart id is stored, under the store’s key', () => {
    const page = readFileSync('index.html', 'utf8');
    expect(page).toContain(`localStorage.getItem('${CART_ID_KEY}')`);
    expect(page).toContain("dataset.cart = 'none'");
  });

  it('drops the no-cart mark once a cart id is kept', () => {
    document.documentElement.dataset.cart = 'none';
    storeId('7f0c4e1a-0000-4000-8000-000000000000');
    expect(document.documentElement.dataset.cart).toBeUndefined();
    storeId(null);
  });

  it('leads back to the shop when the cart is empty', async () => {
    renderPage(<CartPage />, { path: '/cart', cart: emptyCart() });
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('link', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
  });

  it('says so, and offers to try again, when the cart cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let call = 0;
    mockApi.on('GET', '/api/cart/', () => (call++ === 0 ? json({ error: 'Down.' }, 500) : json(twoLineCart)));
    renderPage(<CartPage />, { path: '/cart' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load your cart');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await lines()).toHaveLength(2);
  });

  it('shows each line with its picture, name, size, price of one, quantity and line total, and the total', async () => {
    renderPage(<CartPage />, { path: '/cart', cart: twoLineCart });
    const [peony, meadow] = (await lines()) as [HTMLElement, HTMLElement];

    expect(within(peony).getByRole('link', { name: 'Peony Posy' })).toHaveAttribute('href', '/shop/1');
    expect(peony).toHaveTextContent('Size: Classic');
    expect(within(peony).getByTestId('line-unit-price')).toHaveTextContent('£45.00 each');
    expect(within(peony).getByTestId('line-total')).toHaveTextContent('£90.00');
    const quantity = within(peony).getByRole('combobox', { name: 'Quantity of Peony Posy (Classic)' });
    expect(quantity).toHaveValue('2');
    expect(within(quantity).getAllByRole('option').map((o) => o.textContent)).toEqual(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'],
    );
    expect(peony.querySelector('img')).toHaveAttribute('src', '/media/products/peony-posy.jpg');

    expect(within(meadow).getByRole('link', { name: 'Wildflower Meadow' })).toHaveAttribute('href', '/shop/2');
    expect(meadow).not.toHaveTextContent('Size:');
    expect(within(meadow).getByRole('button', { name: 'Remove Wildflower Meadow from your cart' })).toBeInTheDocument();

    expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£1,324.50');
    expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout');
    expect(await screen.findByText(/Collection from the studio is free/)).toHaveTextContent('across Bristol');
  });

  it('says beside a line that can no longer be paid for why, and leaves it out of the total', async () => {
    const gone = cartLine({
      available: { status: 'sold_out', message: 'Sorry, Peony Posy (Classic) has sold out; please remove it from your cart.' },
    });
    mockApi.on('GET', '/api/cart/', () => json({ ...cartWith([gone]), total: '0.00' }));
    renderPage(<CartPage />, { path: '/cart' });
    const line = await screen.findByTestId('line-unavailable');
    expect(line).toHaveTextContent('Peony Posy (Classic) has sold out');
    expect(line.closest('li')).toHaveAttribute('data-unavailable', 'sold_out');
  });

  it('changes a quantity and shows the server’s new cart', async () => {
    const user = userEvent.setup();
    const [peonies, meadow] = twoLineCart.items as [ReturnType<typeof cartLine>, ReturnType<typeof cartLine>];
    mockApi.on('POST', '/api/cart/update_quantity/', () => json(cartWith([{ ...peonies, quantity: 4, line_total: '180.00' }, meadow])));
    renderPage(<CartPage />, { path: '/cart', cart: twoLineCart });
    const [peony] = (await lines()) as [HTMLElement];

    await user.selectOptions(within(peony).getByRole('combobox', { name: /Quantity of Peony Posy/ }), '4');

    await waitFor(() => expect(within(peony).getByTestId('line-total')).toHaveTextContent('£180.00'));
    expect(await posts('/api/cart/update_quantity/')[0]?.json()).toEqual({ cart_id: 'cart-0001', item_id: 101, quantity: 4 });
    expect(screen.getByTestId('cart-count')).toHaveTextContent('5');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£1,414.50');
  });

  it('tells the shopper why a quantity was refused, and shows the cart as it really is', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const onlyOneLeft = cartWith([cartLine({ quantity: 1 })]);
    let call = 0;
    mockApi.on('GET', '/api/cart/', () => json(call++ === 0 ? cartWith([cartLine({ quantity: 2 })]) : onlyOneLeft));
    mockApi.on('POST', '/api/cart/update_quantity/', () => json({ error: 'Only 1 left of Peony Posy (Classic)' }, 409));
    renderPage(<CartPage />, { path: '/cart' });
    const [peony] = (await lines()) as [HTMLElement];

    await user.selectOptions(within(peony).getByRole('combobox', { name: /Quantity of Peony Posy/ }), '6');

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Couldn’t change the quantity of Peony Posy (Classic)');
    expect(toast).toHaveTextContent('Only 1 left of Peony Posy (Classic)');
    await waitFor(() => expect(within(peony).getByRole('combobox')).toHaveValue('1'));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£45.00');
  });

  it('removes a line once, however quickly Remove is pressed twice, and says so', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    mockApi.on('POST', '/api/cart/remove_item/', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage(<CartPage />, { path: '/cart', cart: twoLineCart });
    const [peony] = (await lines()) as [HTMLElement];
    const remove = within(peony).getByRole('button', { name: 'Remove Peony Posy (Classic) from your cart' });

    await user.dblClick(remove);
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveTextContent('Removing…');
    answer(json(cartWith([twoLineCart.items[1]!])));

    await waitFor(async () => expect(await lines()).toHaveLength(1));
    expect(posts('/api/cart/remove_item/')).toHaveLength(1);
    expect(await posts('/api/cart/remove_item/')[0]?.json()).toEqual({ cart_id: 'cart-0001', item_id: 101 });
    // Said and focused once the new cart is drawn, which a busy machine may take a moment over.
    expect(await screen.findByText('Removed Peony Posy (Classic) from your cart.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: '1 item' })).toHaveFocus());
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£1,234.50');
  });

  it('shows the empty cart once the last line is removed', async () => {
    const user = userEvent.setup();
    const one = cartWith([cartLine()]);
    mockApi.on('POST', '/api/cart/remove_item/', () => json(emptyCart()));
    renderPage(<CartPage />, { path: '/cart', cart: one });
    const [peony] = (await lines()) as [HTMLElement];
    await user.click(within(peony).getByRole('button', { name: /Remove Peony Posy/ }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it('says when the flowers can come, from the same rules as the checkout, and what delivery costs', async () => {
    // Monday 14 December 2026, 11:30 in Bristol: same-day delivery is still open.
    vi.useFakeTimers({ now: new Date('2026-12-14T11:30:00Z'), toFake: ['Date'] });
    renderPage(<CartPage />, { path: '/cart', cart: cartWith([cartLine({ quantity: 1 })]) });
    expect(await screen.findByTestId('earliest-delivery')).toHaveTextContent('Order by 12:00 for delivery today');
    expect(screen.getByTestId('earliest-collection')).toHaveTextContent('Order by 16:00 for collection today');
    expect(screen.getByText(/^Delivery £5.00–£8.00 across Bristol, free on flowers from £60.00/)).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('moves the earliest day on for a piece that needs notice', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-14T11:30:00Z'), toFake: ['Date'] });
    renderPage(<CartPage />, { path: '/cart', cart: cartWith([cartLine()], 'cart-0001', 2) });
    expect(await screen.findByTestId('earliest-delivery')).toHaveTextContent('From Wednesday 16 December');
    // £90.00 of flowers: past the £60.00 threshold.
    expect(screen.getByTestId('delivery-fees')).toHaveTextContent('Delivery across Bristol is free on this order.');
    vi.useRealTimers();
  });
});
