import { useEffect, useRef, useState } from 'react';
import type { OnPayerReady, CardPayer } from './card-payer';
import { authenticateSimulated, confirmSimulatedCard, type SimulatedCard } from './payment-api';
import { TextField } from '@/components/ui/field';

/** The simulated provider's test cards (they mirror Stripe's). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'pays' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'has insufficient funds' },
  { number: '4000 0027 6000 3184', outcome: 'asks for 3-D Secure' },
] as const;

/** "4242424242424242" → "4242 4242 4242 4242", as it is typed. */
function groupCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12/30"; the slash comes once the month is typed. */
function formatExpiry(raw: string, previous: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit with it, rather than putting it back.
  if (previous.length === 3 && raw.length === 2 && previous.endsWith('/')) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/**
 * The card form of the simulated provider (the embedded default): card number, expiry and CVC,
 * sent to the shop's own server, never anywhere else. Says plainly that it is a test.
 */
export function SimulatedCardForm({ onReady }: { onReady: OnPayerReady }) {
  const [card, setCard] = useState<SimulatedCard>({ cardNumber: '', expiry: '', cvc: '' });
  // The payer reads the card as it is when Pay is pressed.
  const latest = useRef(card);
  useEffect(() => {
    latest.current = card;
  }, [card]);

  useEffect(() => {
    const payer: CardPayer = {
      provider: 'simulated',
      confirm: (clientSecret, billing) => {
        const { cardNumber, expiry, cvc } = latest.current;
        return confirmSimulatedCard(clientSecret, { cardNumber: cardNumber.replace(/\s/g, ''), expiry, cvc }, billing);
      },
      authenticate: authenticateSimulated,
    };
    onReady(payer);
    return () => onReady(null);
  }, [onReady]);

  return (
    <div className="simulated-card">
      <div className="test-mode" role="note" aria-labelledby="test-mode-title">
        <p id="test-mode-title" className="test-mode__title">
          Test mode
        </p>
        <p className="test-mode__text">No real payment is taken. Use one of these cards, any future expiry date and any three-digit CVC:</p>
        <ul className="test-mode__cards">
          {TEST_CARDS.map((test) => (
            <li key={test.number}>
              <span className="test-mode__number">{test.number}</span> <span className="test-mode__outcome">{test.outcome}</span>
            </li>
          ))}
        </ul>
      </div>

      <div className="checkout-grid checkout-grid--card">
        <TextField
          className="checkout-grid__wide"
          label="Card number"
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          spellCheck={false}
          value={card.cardNumber}
          onValueChange={(value) => setCard((current) => ({ ...current, cardNumber: groupCardNumber(value) }))}
        />
        <TextField
          label="Expiry date (MM/YY)"
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          onValueChange={(value) => setCard((current) => ({ ...current, expiry: formatExpiry(value, current.expiry) }))}
        />
        <TextField
          label="Security code (CVC)"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={card.cvc}
          onValueChange={(value) => setCard((current) => ({ ...current, cvc: value.replace(/\D/g, '').slice(0, 4) }))}
        />
      </div>
    </div>
  );
}
