import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CardPayer } from '@/components/payment/card-payer';
import { CardSection } from '@/components/payment/card-section';
import { ThreeDSecureDialog } from '@/components/payment/three-d-secure-dialog';
import { usePaymentSetup } from '@/components/payment/use-payment-setup';
import { CheckoutStep } from '@/components/ui/checkout-step';
import { TextAreaField, TextField } from '@/components/ui/field';
import { money } from '@/lib/core';
import type { VoucherTerms } from '../api/vouchers-api';
import { useBuyVoucher, type GiftField } from '../hooks/use-buy-voucher';
import { VoucherCard } from './voucher-card';
import { Thanks } from './voucher-thanks';
import '@/components/ui/tile.css';
import './vouchers.css';

/** "25" → "25.00": whole pounds as the API and money() read them; anything else as typed. */
function wirePounds(amount: string): string | null {
  const pounds = amount.trim();
  return /^\d{1,4}$/.test(pounds) ? `${Number(pounds)}.00` : null;
}

/** "25.00" → "25". */
const poundsOf = (wire: string) => String(Number(wire));

export interface BuyVoucherProps {
  /** The values offered and how long a voucher lasts; null while they load. */
  terms: VoucherTerms | null;
}

/**
 * The gift voucher's form: the value, who it is for and when it is sent, the buyer, and the
 * card, with the card beside it (above on a phone) taking shape as it is filled in.
 */
export function BuyVoucher({ terms }: BuyVoucherProps) {
  const [payer, setPayer] = useState<CardPayer | null>(null);
  const { setup, retry } = usePaymentSetup();
  const { form, setField, text, errors, problem, submitting, submit, authentication, bought } = useBuyVoucher(payer);
  const suggested = terms?.suggested ?? [];
  const [other, setOther] = useState(false);
  const amountName = useId();
  const wayName = useId();
  const whenName = useId();
  const wire = wirePounds(form.value);
  const value = wire ? money(wire) : null;

  const boxes = useRef(new Map<GiftField, HTMLElement>());
  const keep = useCallback(
    (field: GiftField) => (element: HTMLElement | null) => {
      if (element) boxes.current.set(field, element);
      else boxes.current.delete(field);
    },
    [],
  );
  const problemBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!problem) return;
    const target = problem.field ? boxes.current.get(problem.field) : null;
    (target ?? problemBox.current)?.focus();
  }, [problem]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };
  const print = form.way === 'print';

  if (bought) {
    return (
      <Thanks
        buyerName={bought.form.buyer_name.trim()}
        buyerEmail={bought.form.buyer_email.trim()}
        sentence={bought.paid.sentence}
        value={bought.paid.value}
        recipientName={bought.form.way === 'print' ? '' : bought.form.recipient_name.trim()}
        message={bought.form.message}
        expiresOn={bought.paid.expires_on}
      />
    );
  }

  return (
    <div className="gift form-aside">
      <div className="gift__card form-aside__aside">
        <VoucherCard
          value={value}
          recipient={form.recipient_name}
          message={form.message}
          from={form.buyer_name}
          validity={terms ? `Valid for ${terms.validity_months} months` : null}
        />
      </div>

      <form className="gift__form form-aside__form" noValidate onSubmit={onSubmit} aria-busy={submitting}>
        <CheckoutStep step={1} title="Choose a value">
          <fieldset className="choice-group">
            <legend className="visually-hidden">Value</legend>
            <div className="amount-choice">
              {suggested.map((amount) => {
                const pounds = poundsOf(amount);
                return (
                  <label key={amount} className="tile amount-tile">
                    <input
                      type="radio"
                      name={amountName}
                      value={pounds}
                      checked={!other && form.value === pounds}
                      onChange={() => {
                        setOther(false);
                        setField('value', pounds);
                      }}
                    />
                    {money(amount)}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <TextField
            className="amount-other"
            label={terms ? `Or another amount, ${money(terms.min)} to ${money(terms.max)}` : 'Or another amount'}
            hint="In whole pounds."
            name="value"
            inputMode="numeric"
            autoComplete="off"
            value={other || !suggested.some((amount) => poundsOf(amount) === form.value) ? form.value : ''}
            onValueChange={(typed) => {
              setOther(true);
              setField('value', typed.replace(/[£\s]/g, ''));
            }}
            error={errors.value}
            ref={keep('value')}
          />
        </CheckoutStep>

        <CheckoutStep step={2} title="Who it’s for">
          <fieldset className="choice-group">
            <legend className="visually-hidden">How it is sent</legend>
            <div className="way-choice">
              {(
                [
                  { way: 'email', title: 'E-mail it to them', detail: 'We send it on the day you choose, at 8:00 UK time' },
                  { way: 'print', title: 'Send it to me to print', detail: 'We e-mail it to you with a card to print and give' },
                ] as const
              ).map((option) => (
                <label key={option.way} className="tile choice-tile">
                  <input
                    type="radio"
                    name={wayName}
                    value={option.way}
                    checked={form.way === option.way}
                    onChange={() => setField('way', option.way)}
                  />
                  <span className="choice-tile__title">{option.title}</span>
                  <span className="choice-tile__detail">{option.detail}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="checkout-grid">
            <TextField label="Their name" autoComplete="off" {...text('recipient_name')} ref={keep('recipient_name')} required aria-required />
            {!print && (
              <TextField
                label="Their e-mail"
                type="email"
                autoComplete="off"
                spellCheck={false}
                {...text('recipient_email')}
                ref={keep('recipient_email')}
                required
                aria-required
              />
            )}
            <TextAreaField
              className="checkout-grid__wide"
              label="Your message (optional)"
              hint="Printed on the voucher."
              rows={3}
              placeholder="Happy Christmas! Something bright for the kitchen table."
              {...text('message')}
              ref={keep('message')}
            />
          </div>
          {!print && (
            <fieldset className="choice-group gift__when">
              <legend className="field__label">When to send it</legend>
              <div className="way-choice">
                <label className="tile choice-tile">
                  <input type="radio" name={whenName} value="today" checked={form.when === 'today'} onChange={() => setField('when', 'today')} />
                  <span className="choice-tile__title">Today</span>
                  <span className="choice-tile__detail">As soon as you have paid</span>
                </label>
                <label className="tile choice-tile">
                  <input type="radio" name={whenName} value="day" checked={form.when === 'day'} onChange={() => setField('when', 'day')} />
                  <span className="choice-tile__title">On a day I choose</span>
                  <span className="choice-tile__detail">Christmas morning, say: it arrives at 8:00</span>
                </label>
              </div>
              {form.when === 'day' && (
                <TextField label="Send it on" type="date" {...text('send_on')} ref={keep('send_on')} required aria-required />
              )}
            </fieldset>
          )}
        </CheckoutStep>

        <CheckoutStep step={3} title="Your details">
          <div className="checkout-grid">
            <TextField label="Your name" autoComplete="name" {...text('buyer_name')} ref={keep('buyer_name')} required aria-required />
            <TextField
              label="Your e-mail"
              type="email"
              autoComplete="email"
              spellCheck={false}
              hint={print ? 'We send the voucher here.' : 'We send your receipt here.'}
              {...text('buyer_email')}
              ref={keep('buyer_email')}
              required
              aria-required
            />
          </div>
        </CheckoutStep>

        <CardSection step={4} setup={setup} onReady={setPayer} onRetry={retry} />

        <div ref={problemBox} className="gift__problem" tabIndex={-1} role="alert" aria-live="assertive" aria-atomic="true">
          {problem && (
            <div className="notice notice--error">
              <p>{problem.message}</p>
            </div>
          )}
        </div>

        <button type="submit" className="button button--block gift__pay" disabled={submitting}>
          {submitting ? 'Processing…' : value ? `Pay ${value}` : 'Pay'}
        </button>
        <p className="gift__small">
          A voucher is spent like money in the shop or the studio. See <Link to="/gift-vouchers/balance">what is left on one</Link>.
        </p>
      </form>

      {authentication && <ThreeDSecureDialog onAnswer={authentication.resolve} />}
    </div>
  );
}
