// The checkout on the Stripe provider, with Stripe's libraries stood in for (the real ones
// would fetch Stripe.js from js.stripe.com): the card is confirmed through Elements with the
// billing details, and a succeeded payment makes the order.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CART_ID_KEY } from '@/features/cart/stores/cart-context';
import { fillCheckout, studioDelivers } from '@/testing/checkout';
import { twoLineCart } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import CheckoutPage from './checkout';

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(async () => ({ stripe: true })),
  confirmCardPayment: vi.fn(),
  card: { element: 'card' },
}));
// Stripe's hooks answer the same objects on every render, as the real ones do.
const instances = vi.hoisted(() => ({ stripe: {}, elements: {} }));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: function CardElement({ onReady }: { onReady?: () => void }) {
    useEffect(() => onReady?.(), [onReady]);
    return <div data-testid="stripe-card" />;
  },
  useStripe: () => Object.assign(instances.stripe, { confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => Object.assign(instances.elements, { getElement: () => stripe.card }),
}));

describe('the checkout on Stripe', () => {
  it('loads Stripe.js in en-GB with the key, confirms the card with the billing details, and makes the order', async () => {
    mockApi.on('GET', '/api/payment/config/', () => json({ provider: 'stripe', publishable_key: 'pk_test_123' }));
    mockApi.on('GET', '/api/payment/check_intent/', () => json({ client_secret: 'pi_1_secret_x', total: '1324.50' }));
    mockApi.on('POST', '/api/orders/', () => json({ id: 7, order_id: 'FS-000007', access_token: 'tok' }));
    studioDelivers();
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    localStorage.setItem(CART_ID_KEY, twoLineCart.id);
    const user = userEvent.setup();
    renderPage(<CheckoutPage />, { path: '/checkout', cart: twoLineCart });

    expect(await screen.findByTestId('stripe-card')).toBeInTheDocument();
    expect(screen.queryByText('Test mode')).not.toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123', { locale: 'en-GB' });

    await fillCheckout(user);
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('Elsewhere: /order-confirmation/7?token=tok');
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', {
      payment_method: {
        card: stripe.card,
        billing_details: {
          name: 'Jo Bloom',
          email: 'jo@example.com',
          phone: '0117 496 0123',
          address: { line1: '12 Wells Road', city: 'Bristol', postal_code: 'BS14 9AB', country: 'GB' },
        },
      },
    });
    await waitFor(() => expect(localStorage.getItem(CART_ID_KEY)).toBeNull());
  });

  it('shows Stripe’s own message when it refuses the card', async () => {
    mockApi.on('GET', '/api/payment/config/', () => json({ provider: 'stripe', publishable_key: 'pk_test_123' }));
    mockApi.on('GET', '/api/payment/check_intent/', () => json({ client_secret: 'pi_1_secret_x', total: '1324.50' }));
    studioDelivers();
    stripe.confirmCardPayment.mockResolvedValue({ error: { message: 'Your card has insufficient funds.', code: 'card_declined' } });
    localStorage.setItem(CART_ID_KEY, twoLineCart.id);
    const user = userEvent.setup();
    renderPage(<CheckoutPage />, { path: '/checkout', cart: twoLineCart });
    await screen.findByTestId('stripe-card');
    await fillCheckout(user);
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Payment failed: Your card has insufficient funds.'));
  });
});
