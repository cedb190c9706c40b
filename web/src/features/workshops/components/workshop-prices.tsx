import { formatDate, money } from '@/lib/core';
import type { Workshop } from '../api/get-workshops';
import './workshop-figures.css';

/**
 * The card's prices as the spec words them: the price, the deposit to book and the balance
 * "due by November 20th". When the server (core's rule) says a booking today pays in full (no
 * deposit, or the balance's date has passed), the price is all there is to say.
 */
export function WorkshopPrices({
  workshop,
}: {
  workshop: Pick<Workshop, 'price' | 'deposit' | 'balance' | 'balance_due' | 'pays_deposit'>;
}) {
  // A price the core cannot read is left out rather than guessed.
  const price = money(workshop.price, null);
  const deposit = money(workshop.deposit, null);
  const balance = money(workshop.balance, null);
  const hasDeposit = workshop.pays_deposit && deposit !== null;
  return (
    <dl className="workshop-figures">
      {price && (
        <div>
          <dt>Price</dt>
          <dd>
            {price}
            {!workshop.pays_deposit && <span className="workshop-figures__aside"> paid in full when you book</span>}
          </dd>
        </div>
      )}
      {hasDeposit && (
        <div>
          <dt>Deposit to book</dt>
          <dd>{deposit}</dd>
        </div>
      )}
      {hasDeposit && balance && (
        <div>
          <dt>Balance</dt>
          <dd>
            {balance}{' '}
            <span className="workshop-figures__aside">
              due by <time dateTime={workshop.balance_due}>{formatDate(workshop.balance_due, 'monthDay')}</time>
            </span>
          </dd>
        </div>
      )}
    </dl>
  );
}
