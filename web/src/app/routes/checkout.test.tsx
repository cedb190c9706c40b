import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CART_ID_KEY } from '@/features/cart/stores/cart-context';
import { fillCheckout, fillCustomer, shopperOnTheWire, studioDelivers } from '@/testing/checkout';
import { cartLine, cartWith, emptyCart, twoLineCart } from '@/testing/fixtures';
import { json, mockApi, never } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import CheckoutPage from './checkout';

const SECRET = 'pi_sim_1_secret_abc';
const succeeded = { payment_intent: { id: 'pi_sim_1', status: 'succeeded', amount: 132450, currency: 'gbp' }, error: null };
const declined = { payment_intent: null, error: { message: 'Your card was declined.', code: 'card_declined' } };

function calls(method: string, path: string): Request[] {
  return mockApi.requests.filter((r) => r.method === method && new URL(r.url).pathname === path);
}

/** The server of the happy path; a test changes the calls it is about by registering them first. */
function shop({ provider = 'simulated' }: { provider?: 'simulated' | 'stripe' } = {}) {
  mockApi.on('GET', '/api/payment/config/', () => json({ provider, publishable_key: null }));
  // The total twoLineCart's page shows with its free delivery, as the server totals it too.
  mockApi.on('GET', '/api/payment/check_intent/', () => json({ client_secret: SECRET, total: '1324.50' }));
  mockApi.on('POST', '/api/payment/simulated/confirm/', () => json(succeeded));
  mockApi.on('POST', '/api/orders/', () => json({ id: 12, order_id: 'FS-000012', access_token: 'tok/en+12' }));
  studioDelivers();
}

async function openCheckout(cart = twoLineCart) {
  localStorage.setItem(CART_ID_KEY, cart.id);
  const user = userEvent.setup();
  renderPage(<CheckoutPage />, { path: '/checkout', cart });
  await screen.findByRole('textbox', { name: 'Email' });
  return user;
}

async function fillCard(user: UserEvent, number = '4242424242424242') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1230');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
}

const pay = () => screen.getByRole('button', { name: /^Pay / });
const problem = () => screen.getByRole('alert');
const elsewhere = () => screen.findByTestId('elsewhere');

describe('the checkout page', () => {
  it('shows what is being paid for, the form, and the test-mode card form with its test cards', async () => {
    shop();
    await openCheckout();
    const summary = screen.getByRole('complementary', { name: 'Your order' });
    const lines = within(summary).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Peony Posy');
    expect(lines[0]).toHaveTextContent('Size: Classic');
    expect(lines[0]).toHaveTextContent('Quantity: 2');
    expect(lines[0]).toHaveTextContent('£90.00');
    expect(lines[1]).toHaveTextContent('Quantity: 1');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('£1,324.50');
    expect(pay()).toHaveTextContent('Pay £1,324.50');

    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    for (const name of ['email', 'firstName', 'lastName', 'address', 'city', 'postcode', 'phone']) {
      expect(document.querySelector(`input[name="${name}"]`)).toBeRequired();
    }

    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Test mode');
    expect(note).toHaveTextContent('4242 4242 4242 4242');
    expect(note).toHaveTextContent('4000 0000 0000 0002');
    const number = screen.getByLabelText('Card number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Expiry date (MM/YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('Security code (CVC)')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(calls('GET', '/api/payment/check_intent/')).toHaveLength(1);
    expect(new URL(calls('GET', '/api/payment/check_intent/')[0]!.url).searchParams.get('cart_id')).toBe('cart-0001');
  });

  it('lists the missing fields in the spec’s words, named as the form labels them, marks each one, and focuses the first', async () => {
    shop();
    const user = await openCheckout();
    await user.click(pay());

    expect(problem()).toHaveTextContent(
      "Please fill in all required fields: Email, First name, Last name, Address, Town or city, Postcode, Phone, Recipient's name, Delivery address, Delivery town or city, Delivery postcode",
    );
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/This field is required\./);

    await fillCustomer(user, ['Last name', 'Postcode']);
    await user.click(screen.getByRole('checkbox', { name: /Deliver to me/ }));
    await user.click(pay());
    expect(problem()).toHaveTextContent('Please fill in all required fields: Last name, Postcode');
    expect(screen.getByLabelText('Last name')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST', '/api/payment/simulated/confirm/')).toHaveLength(0);
    expect(calls('GET', '/api/payment/check_intent/')).toHaveLength(1);

    // The alert by Pay is about those fields: it goes once one of them changes.
    await user.type(screen.getByLabelText('Last name'), 'B');
    expect(problem()).toBeEmptyDOMElement();
  });

  it('keeps the alert by Pay while the shopper changes a field it is not about', async () => {
    shop();
    const user = await openCheckout();
    await fillCustomer(user, ['Phone']);
    await user.click(screen.getByRole('checkbox', { name: /Deliver to me/ }));
    await user.click(pay());
    expect(problem()).toHaveTextContent('Please fill in all required fields: Phone');
    await user.type(screen.getByLabelText('Card message (optional)'), 'Love');
    expect(problem()).toHaveTextContent('Please fill in all required fields: Phone');
    await user.type(screen.getByLabelText('Phone'), '0117 496 0123');
    expect(problem()).toBeEmptyDOMElement();
  });

  it('sends the shopper to the cart when the payment intent fails as the page opens', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi.on('GET', '/api/payment/check_intent/', () => json({ error: 'Your cart is empty.' }, 400));
    shop();
    localStorage.setItem(CART_ID_KEY, twoLineCart.id);
    renderPage(<CheckoutPage />, { path: '/checkout', cart: twoLineCart });
    expect(await elsewhere()).toHaveTextContent('Elsewhere: /cart');
  });

  it('sends the shopper to the cart when the payment intent fails just before paying, and takes nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let asked = 0;
    mockApi.on('GET', '/api/payment/check_intent/', () =>
      asked++ === 0 ? json({ client_secret: SECRET, total: '1324.50' }) : json({ error: 'Changed.' }, 400),
    );
    shop();
    const user = await openCheckout();
    await fillCheckout(user);
    await fillCard(user);
    await user.click(pay());
    expect(await elsewhere()).toHaveTextContent('Elsewhere: /cart');
    expect(calls('POST', '/api/payment/simulated/confirm/')).toHaveLength(0);
  });

  it('says why in a toast, in the server’s words, when it sends the shopper back to the cart', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi.on('GET', '/api/payment/check_intent/', () =>
      json({ error: 'Sorry, Peony Posy (Classic) has sold out; please remove it from your cart.' }, 409),
    );
    shop();
    localStorage.setItem(CART_ID_KEY, twoLineCart.id);
    renderPage(<CheckoutPage />, { path: '/checkout', cart: twoLineCart });
    expect(await elsewhere()).toHaveTextContent('Elsewhere: /cart');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('We couldn’t start your payment.');
    expect(toast).toHaveTextContent('Peony Posy (Classic) has sold out');
  });

  it('links to the order when the cart was paid before and the server has now placed its order', async () => {
    mockApi.on('GET', '/api/payment/check_intent/', () =>
      json(
        {
          error: 'Your payment had already gone through, so we have placed your order FS-000012. There is nothing more to pay.',
          order: { order_id: 12, access_token: 'tok/en' },
        },
        409,
      ),
    );
    shop();
    localStorage.setItem(CART_ID_KEY, twoLineCart.id);
    const user = userEvent.setup();
    renderPage(<CheckoutPage />, { path: '/checkout', cart: twoLineCart });
    const notice = await screen.findByTestId('checkout-ordered');
    expect(notice).toHaveTextContent('we have placed your order FS-000012');
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    await user.click(within(notice).getByRole('link', { name: 'See your order' }));
    expect(await elsewhere()).toHaveTextContent('Elsewhere: /order-confirmation/12?token=tok%2Fen');
  });

  it('tells the shopper an earlier payment was refunded and lets them pay again', async () => {
    mockApi.on('GET', '/api/payment/check_intent/', () =>
      json({
        client_secret: SECRET,
        total: '1324.50',
        refunded: 'Your cart changed while you were paying, so we have refunded your payment in full.',
      }),
    );
    shop();
    await openCheckout();
    expect(await screen.findByTestId('checkout-refunded')).toHaveTextContent('we have refunded your payment in full');
    expect(pay()).toBeEnabled();
  });

  it('sends an empty cart to /cart', async () => {
    shop();
    renderPage(<CheckoutPage />, { path: '/checkout', cart: emptyCart() });
    expect(await elsewhere()).toHaveTextContent('Elsewhere: /cart');
    expect(calls('GET', '/api/payment/check_intent/')).toHaveLength(0);
  });

  it('says a declined card was declined, in the provider’s words, and creates no order', async () => {
    mockApi.on('POST', '/api/payment/simulated/confirm/', () => json(declined));
    shop();
    const user = await openCheckout();
    await fillCheckout(user);
    await fillCard(user, '4000000000000002');
    await user.click(pay());

    await waitFor(() => expect(problem()).toHaveTextContent('Payment failed: Your card was declined.'));
    expect(problem()).toHaveFocus();
    expect(pay()).toBeEnabled();
    expect(calls('POST', '/api/orders/')).toHaveLength(0);
    expect(calls('GET', '/api/payment/check_intent/')).toHaveLength(2);
  });

  it('says so when the payment ends in a status other than succeeded', async () => {
    mockApi.on('POST', '/api/payment/simulated/confirm/', () =>
      json({ payment_intent: { id: 'pi_sim_1', status: 'requires_payment_method' }, error: null }),
    );
    shop();
    const user = await openCheckout();
    await fillCheckout(user);
    await fillCard(user);
    await user.click(pay());
    await waitFor(() => expect(problem()).toHaveTextContent('Payment status: requires_payment_method. Please try again.'));
    expect(calls('POST', '/api/orders/')).toHaveLength(0);
  });

  it('says an error occurred when confirming the card fails outright', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi.on('POST', '/api/payment/simulated/confirm/', () => Promise.reject(new TypeError('Failed to fetch')));
    shop();
    const user = await openCheckout();
    await fillCheckout(user);
    await fillCard(user);
    await user.click(pay());
    await waitFor(() => expect(problem()).toHaveTextContent('An error occurred while processing your payment. Please try again.'));
  });

  it('says Stripe hasn’t loaded when there is no card form to pay with', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi.on('GET', '/api/payment/config/', () => json({ error: 'Down.' }, 500));
    shop();
    const user = await openCheckout();
    await screen.findByText(/couldn’t load the card form/);
    await fillCheckout(user);
    await user.click(pay());
    expect(problem()).toHaveTextContent("Stripe hasn't loaded yet. Please try again.");
    expect(calls('GET', '/api/payment/check_intent/')).toHaveLength(1);
  });

  it.each([
    ['the server’s sentence when its error is one', json({ error: 'Sorry, Peony Posy sold out while you were paying. Your payment has been refunded.' }, 409), 'Sorry, Peony Posy sold out while you were paying. Your payment has been refunded.'],
    ['“Please fill in all required fields” when its error is an object', json({ error: { email: ['Enter a valid email.'] } }, 400), 'Please fill in all required fields'],
    ['“Failed to create order” for an answer without an id', json({ order_id: 'FS-000012', access_token: 'x' }), 'Failed to create order. Please contact support.'],
    ['“Failed to create order” when the answer has no words', new Response('', { status: 500 }), 'Failed to create order. Please contact support.'],
  ])('shows %s', async (_, answer, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi.on('POST', '/api/orders/', () => answer);
    shop();
    const user = await openCheckout();
    await fillCheckout(user);
    await fillCard(user);
    await user.click(pay());
    await waitFor(() => expect(problem()).toHaveTextContent(message));
    expect(problem().textContent).toBe(message);
    expect(localStorage.getItem(CART_ID_KEY)).toBe('cart-0001');
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it('after a paid order could not be made, tries the order again without paying twice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let tries = 0;
    mockApi.on('POST', '/api/orders/', () =>
      tries++ === 0 ? new Response('', { status: 502 }) : json({ id: 12, order_id: 'FS-000012', access_token: 'tok' }),
    );
    shop();
    const user = await openCheckout();
    await fillCheckout(user);
    await fillCard(user);
    await user.click(pay());
    await waitFor(() => expect(problem()).toHaveTextContent('Failed to create order. Please contact support.'));
    await user.click(pay());
    expect(await elsewhere()).toHaveTextContent('Elsewhere: /order-confirmation/12?token=tok');
    expect(calls('POST', '/api/payment/simulated/confirm/')).toHaveLength(1);
    expect(calls('POST', '/api/orders/')).toHaveLength(2);
  });

  it('pays once, however often Pay is pressed, creates the order, clears the cart and opens the confirmation', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi.on('POST', '/api/payment/simulated/confirm/', () => new Promise<Response>((resolve) => (answer = resolve)));
    shop();
    const user = await openCheckout();
    await fillCheckout(user);
    await fillCard(user);
    // Pressed twice before the page has had time to change, then again while it says so.
    const form = pay().closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);

    const button = await screen.findByRole('button', { name: 'Processing…' });
    expect(button).toBeDisabled();
    await user.click(button);
    fireEvent.submit(form);
    await waitFor(() => expect(calls('POST', '/api/payment/simulated/confirm/')).toHaveLength(1));
    await act(async () => answer(json(succeeded)));

    expect(await elsewhere()).toHaveTextContent('Elsewhere: /order-confirmation/12?token=tok%2Fen%2B12');
    expect(localStorage.getItem(CART_ID_KEY)).toBeNull();

    expect(await calls('POST', '/api/payment/simulated/confirm/')[0]!.json()).toEqual({
      client_secret: SECRET,
      card_number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
      billing_details: {
        name: 'Jo Bloom',
        email: 'jo@example.com',
        phone: '0117 496 0123',
        address: { line1: '12 Wells Road', city: 'Bristol', postal_code: 'BS14 9AB', country: 'GB' },
      },
    });
    const orders = calls('POST', '/api/orders/');
    expect(orders).toHaveLength(1);
    expect(orders[0]!.headers.get('X-CSRFToken')).toBe('test-csrf-token');
    expect(await orders[0]!.json()).toEqual({
      payment_intent_id: 'pi_sim_1',
      cart_id: 'cart-0001',
      ...shopperOnTheWire,
    });
  });

  describe('3-D Secure (simulated)', () => {
    const needsAction = { payment_intent: { id: 'pi_sim_1', status: 'requires_action' }, error: null };
    const authFailed = {
      payment_intent: null,
      error: {
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      },
    };

    async function reachDialog() {
      mockApi.on('POST', '/api/payment/simulated/confirm/', () => json(needsAction));
      mockApi.on('POST', '/api/payment/simulated/authenticate/', async (request) =>
        ((await request.clone().json()) as { succeed: boolean }).succeed ? json(succeeded) : json(authFailed),
      );
      shop();
      const user = await openCheckout();
      await fillCheckout(user);
      await fillCard(user, '4000002760003184');
      await user.click(pay());
      const dialog = await screen.findByRole('dialog', { name: '3-D Secure (test mode)' });
      return { user, dialog };
    }

    it('asks in a modal dialog that keeps focus inside, and completing it places the order', async () => {
      const { user, dialog } = await reachDialog();
      const complete = within(dialog).getByRole('button', { name: 'Complete authentication' });
      const fail = within(dialog).getByRole('button', { name: 'Fail authentication' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(complete).toHaveFocus();
      await user.tab();
      expect(fail).toHaveFocus();
      await user.tab();
      expect(complete).toHaveFocus();
      await user.tab({ shift: true });
      expect(fail).toHaveFocus();

      await user.click(complete);
      expect(await elsewhere()).toHaveTextContent('Elsewhere: /order-confirmation/12?token=tok%2Fen%2B12');
      expect(await calls('POST', '/api/payment/simulated/authenticate/')[0]!.json()).toEqual({ client_secret: SECRET, succeed: true });
    });

    it('fails with Fail authentication, and goes to /payment-failed without an order', async () => {
      const { user, dialog } = await reachDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Fail authentication' }));
      expect(await elsewhere()).toHaveTextContent('Elsewhere: /payment-failed');
      expect(await calls('POST', '/api/payment/simulated/authenticate/')[0]!.json()).toEqual({ client_secret: SECRET, succeed: false });
      expect(calls('POST', '/api/orders/')).toHaveLength(0);
    });

    it('fails with Escape, as closing the bank’s window would', async () => {
      const { user } = await reachDialog();
      await user.keyboard('{Escape}');
      expect(await elsewhere()).toHaveTextContent('Elsewhere: /payment-failed');
      expect(calls('POST', '/api/orders/')).toHaveLength(0);
    });
  });

  it('says what to do, with the studio’s phone number, when there have been too many payment attempts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const tooMany =
      'There have been too many payment attempts for this cart in the last hour. Please try again in an hour, or call ' +
      'us on 0117 496 0000 and we will take your order by phone.';
    mockApi.on('GET', '/api/payment/check_intent/', () => json({ error: tooMany }, 429));
    shop();
    localStorage.setItem(CART_ID_KEY, twoLineCart.id);
    renderPage(<CheckoutPage />, { path: '/checkout', cart: twoLineCart });
    expect(await elsewhere()).toHaveTextContent('Elsewhere: /cart');
    expect(await screen.findByRole('alert')).toHaveTextContent('call us on 0117 496 0000 and we will take your order by phone');
  });

  describe('a basket changed in another tab', () => {
    /** twoLineCart with a candle added in another tab: £13.00 more. */
    const withCandle = cartWith([
      ...twoLineCart.items,
      cartLine({
        id: 103,
        product_id: 9,
        variation_id: null,
        quantity: 1,
        product_details: { name: 'Fig Candle', image: 'products/fig-candle.jpg', price: '13.00' },
        variation_details: null,
      }),
    ]);

    /** The server of the happy path, whose cart is `shelf.cart` at each call, and totals it as it is. */
    function sharedShop() {
      const shelf = { cart: twoLineCart };
      mockApi.on('GET', '/api/cart/', () => json(shelf.cart));
      mockApi.on('GET', '/api/payment/check_intent/', () => json({ client_secret: SECRET, total: shelf.cart.total }));
      shop();
      return shelf;
    }

    it('charges nothing when the server’s total is not the one shown, shows the new one, and pays it on the next press', async () => {
      const shelf = sharedShop();
      const user = await openCheckout();
      await fillCheckout(user);
      await fillCard(user);
      expect(pay()).toHaveTextContent('Pay £1,324.50');

      shelf.cart = withCandle;
      await user.click(pay());
      await waitFor(() =>
        expect(problem()).toHaveTextContent(
          'Your basket changed, perhaps in another tab: the total is now £1,337.50. Please check it and press Pay again.',
        ),
      );
      expect(calls('POST', '/api/payment/simulated/confirm/')).toHaveLength(0);
      // The summary is fetched again: the shopper sees what the new total is for.
      await waitFor(() => expect(pay()).toHaveTextContent('Pay £1,337.50'));
      expect(within(screen.getByRole('complementary', { name: 'Your order' })).getByText('Fig Candle')).toBeInTheDocument();

      await user.click(pay());
      expect(await elsewhere()).toHaveTextContent('Elsewhere: /order-confirmation/12');
      expect(calls('POST', '/api/payment/simulated/confirm/')).toHaveLength(1);
    });

    it('shows the basket as it is now when the shopper comes back to the tab', async () => {
      const shelf = sharedShop();
      await openCheckout();
      expect(pay()).toHaveTextContent('Pay £1,324.50');

      shelf.cart = withCandle;
      act(() => {
        window.dispatchEvent(new Event('focus'));
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(pay()).toHaveTextContent('Pay £1,337.50'));
      // Focus and visibilitychange mark one return: the cart is fetched once for it.
      expect(calls('GET', '/api/cart/')).toHaveLength(2);
    });
  });

  describe('the draft', () => {
    async function typeEverything(user: UserEvent) {
      await fillCheckout(user);
      await user.type(screen.getByLabelText('Card message (optional)'), 'Happy birthday, Amy');
      await fillCard(user);
    }

    it('keeps everything typed but the card when the shopper goes to the cart and comes back', async () => {
      shop();
      const user = await openCheckout();
      await typeEverything(user);
      cleanup();

      await openCheckout();
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(shopperOnTheWire.email);
      expect(screen.getByLabelText('Last name')).toHaveValue(shopperOnTheWire.last_name);
      expect(screen.getByLabelText('Postcode')).toHaveValue(shopperOnTheWire.postcode);
      expect(screen.getByLabelText('Phone')).toHaveValue(shopperOnTheWire.phone);
      expect(await screen.findByRole('checkbox', { name: /Deliver to me/ })).toBeChecked();
      expect(screen.getByLabelText('Card message (optional)')).toHaveValue('Happy birthday, Amy');
      expect(await screen.findByLabelText('Card number')).toHaveValue('');
      expect(screen.getByLabelText('Security code (CVC)')).toHaveValue('');
      const kept = Object.values({ ...sessionStorage }).join(' ');
      expect(kept).toContain('Happy birthday, Amy');
      expect(kept).not.toMatch(/4242|12\/30|1230/);
    });

    it('keeps the recipient typed for someone else', async () => {
      shop();
      const user = await openCheckout();
      await user.type(await screen.findByLabelText(/^Recipient's name/), 'Amy Price');
      await user.type(screen.getByLabelText(/^Delivery address/), '27 North Street');
      cleanup();

      await openCheckout();
      expect(await screen.findByLabelText(/^Recipient's name/)).toHaveValue('Amy Price');
      expect(screen.getByLabelText(/^Delivery address/)).toHaveValue('27 North Street');
    });

    it('is forgotten once the order is placed', async () => {
      shop();
      const user = await openCheckout();
      await typeEverything(user);
      await user.click(pay());
      expect(await elsewhere()).toHaveTextContent('Elsewhere: /order-confirmation/12');
      expect(Object.values({ ...sessionStorage }).join(' ')).not.toContain(shopperOnTheWire.email);
    });
  });

  it('waits for the cart before deciding anything', async () => {
    mockApi.on('GET', '/api/cart/', () => never());
    renderPage(<CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByRole('status')).toHaveTextContent('Fetching your cart…');
  });
});
