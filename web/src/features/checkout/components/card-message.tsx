import type { Ref } from 'react';
import { Field, TextField } from '@/components/ui/field';
import { cardCount, fulfilmentFields } from '@/lib/core';
import type { ChoiceField, UseFulfilment } from '../hooks/use-fulfilment';
import { CheckoutStep } from '@/components/ui/checkout-step';
import './fulfilment.css';

export interface CardMessageProps {
  step: number;
  fulfilment: UseFulfilment;
  fieldRef: (field: ChoiceField) => Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/**
 * The handwritten card that goes with the flowers: a message of up to 250 characters and 6 lines,
 * counted live by the core as the server counts it, and who it is from (blank stays anonymous).
 */
export function CardMessage({ step, fulfilment, fieldRef }: CardMessageProps) {
  const { choice, errors, setField } = fulfilment;
  const count = cardCount(choice.card_message);
  const field = (name: ChoiceField) => fulfilmentFields().find((info) => info.name === name);
  const message = field('card_message');
  const from = field('card_from');

  return (
    <CheckoutStep step={step} title="A card with the flowers">
      <div className="checkout-grid">
        <Field
          id="choice-card_message"
          className="checkout-grid__wide"
          label={message?.label ?? 'Card message (optional)'}
          error={errors.card_message}
          hintAt="middle"
          hint={
            <span className="card-count" data-over={!count.fits || undefined} aria-live="polite" data-testid="card-count">
              {count.text}
            </span>
          }
        >
          {(control) => (
            <textarea
              {...control}
              ref={fieldRef('card_message')}
              className="field__input card-message__text"
              rows={4}
              value={choice.card_message}
              placeholder="We write it by hand on one of our cards."
              onChange={(event) => setField('card_message', event.target.value)}
            />
          )}
        </Field>
        <TextField
          id="choice-card_from"
          name="card_from"
          label={from?.label ?? 'From (optional)'}
          maxLength={from?.maxLength}
          value={choice.card_from}
          onValueChange={(value) => setField('card_from', value)}
          error={errors.card_from}
          ref={fieldRef('card_from')}
          autoComplete="off"
        />
      </div>
    </CheckoutStep>
  );
}
