import type { FormEvent, ReactNode } from 'react';
import { CODE_BOX, TextFieldWithButton } from '@/components/ui/field';
import { money } from '@/lib/core';
import type { CartCodes, CodeKind } from './codes-api';
import './code-field.css';

/** What the field needs: the checkout's codes on its cart, or a workshop booking's. */
export interface UseCodes {
  typed: string;
  setTyped: (typed: string) => void;
  /** The last refusal's sentence, shown by the field until the code is changed. */
  refusal: string | null;
  busy: boolean;
  /** What is on the cart, with the figures; null while nothing is. */
  codes: CartCodes | null;
  apply: () => Promise<void>;
  remove: (kind: CodeKind) => Promise<void>;
  /** Asks again what the codes come to (after check_intent refused one, say). */
  refresh: () => void;
}

/**
 * "Gift voucher or offer code" with Apply, and what is on the cart, each with a way to take it
 * off. A refusal's sentence (core's, from the server) stands by the box, the code kept as typed.
 * Its own small form inside the summary, so Enter applies the code and never pays.
 */
export function CodeField({ codes: state }: { codes: UseCodes }) {
  const { typed, setTyped, refusal, busy, codes, apply, remove } = state;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void apply();
  };

  return (
    <div className="code-field">
      <form className="code-field__form" noValidate onSubmit={onSubmit}>
        <TextFieldWithButton
          {...CODE_BOX}
          label="Gift voucher or offer code"
          value={typed}
          onValueChange={setTyped}
          error={refusal}
          button={
            <button type="submit" className="button button--quiet code-field__apply" disabled={busy}>
              Apply
            </button>
          }
        />
      </form>
      {codes && (codes.voucher || codes.offer) && (
        <ul className="small-list code-field__applied" aria-label="Codes on your order">
          {codes.offer && (
            <Applied what={`offer code ${codes.offer.code}`} busy={busy} onRemove={() => void remove('offer')}>
              <span className="code-field__code">{codes.offer.code}</span> {codes.offer.summary}
            </Applied>
          )}
          {codes.voucher && (
            <Applied what={`gift voucher ${codes.voucher.code}`} busy={busy} onRemove={() => void remove('voucher')}>
              Gift voucher <span className="code-field__code">{codes.voucher.code}</span>: {money(codes.voucher.left_after)} left on it after this
              order
            </Applied>
          )}
        </ul>
      )}
      {codes?.problems.map((problem) => (
        <p key={problem} className="field__error" role="status">
          {problem}
        </p>
      ))}
    </div>
  );
}

/** A code on the cart: what it does, and Remove, which names the code for a screen reader. */
function Applied({ what, busy, onRemove, children }: { what: string; busy: boolean; onRemove: () => void; children: ReactNode }) {
  return (
    <li>
      <span>{children}</span>
      <button type="button" className="code-field__remove remove-link" disabled={busy} onClick={onRemove}>
        Remove <span className="visually-hidden">{what}</span>
      </button>
    </li>
  );
}
