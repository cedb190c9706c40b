// Stripe Elements, loaded only when the server's provider is Stripe: this module (with
// @stripe/react-stripe-js) is its own chunk, and Stripe.js is fetched from js.stripe.com only
// when loadStripe is first called here, never by the simulated default.
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useId, useState } from 'react';
import { resetOnPageLoad } from '@/lib/page-load';
import type { CardPayer, OnPayerReady } from './card-payer';

const loaded = new Map<string, Promise<Stripe | null>>();
// A fresh load has no Stripe.js yet: each loads its own.
resetOnPageLoad(() => loaded.clear());

/** One Stripe.js per key; a failure to load it leaves the form not ready (the page says so). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale: 'en-GB' }).catch((cause: unknown) => {
      console.error('Stripe.js did not load', cause);
      loaded.delete(publishableKey);
      return null;
    });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

// The card box in the shop's own type and colours (tokens.css), as far as an iframe allows.
const cardOptions: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: {
      color: '#1f2a24',
      fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      fontSize: '16px',
      lineHeight: '24px',
      '::placeholder': { color: '#55625a' },
    },
    invalid: { color: '#8a4a42', iconColor: '#8a4a42' },
  },
};

function StripeCardField({ onReady }: { onReady: OnPayerReady }) {
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!stripe || !elements || !mounted) return;
    const payer: CardPayer = {
      provider: 'stripe',
      async confirm(clientSecret, billing) {
        const card = elements.getElement(CardElement);
        if (!card) throw new Error('The card box has gone');
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card, billing_details: billing },
        });
        return {
          payment_intent: result.paymentIntent ? { id: result.paymentIntent.id, status: result.paymentIntent.status } : null,
          error: result.error ? { message: result.error.message, code: result.error.code } : null,
        };
      },
    };
    onReady(payer);
    return () => onReady(null);
  }, [stripe, elements, mounted, onReady]);

  return (
    <div className="field">
      <p id={labelId} className="field__label">
        Card details
      </p>
      <div className="stripe-card" role="group" aria-labelledby={labelId} aria-describedby={cardError ? errorId : undefined}>
        <CardElement
          options={cardOptions}
          onReady={() => setMounted(true)}
          onChange={(event) => setCardError(event.error?.message ?? null)}
        />
      </div>
      {cardError && (
        <p id={errorId} className="field__error">
          {cardError}
        </p>
      )}
      <p className="field__hint">Your card details go straight to Stripe, our payment provider; we never see them.</p>
    </div>
  );
}

/** The card form when the shop takes real payments through Stripe. */
export default function StripeCardForm({ publishableKey, onReady }: { publishableKey: string; onReady: OnPayerReady }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ locale: 'en-GB' }}>
      <StripeCardField onReady={onReady} />
    </Elements>
  );
}
