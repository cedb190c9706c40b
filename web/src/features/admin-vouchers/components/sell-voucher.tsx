import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Field, TextField } from '@/components/ui/field';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { money } from '@/lib/core';
import { sellVoucher, type AdminVoucherDetail } from '../api/vouchers-admin-api';
import './vouchers-admin.css';

interface Draft {
  value: string;
  buyer_name: string;
  buyer_email: string;
  send_to_me: boolean;
  recipient_name: string;
  recipient_email: string;
  message: string;
  send_on: string;
  payment_note: string;
}

const EMPTY: Draft = {
  value: '',
  buyer_name: '',
  buyer_email: '',
  send_to_me: true,
  recipient_name: '',
  recipient_email: '',
  message: '',
  send_on: '',
  payment_note: '',
};

/**
 * A voucher sold in the studio or over the phone, paid there (the till, a card machine): the same
 * form as the shop's, with how it was paid. The code is shown at once, to read out or write on a card.
 */
export function SellVoucher({ onSignedOut }: { onSignedOut: () => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sold, setSold] = useState<AdminVoucherDetail | null>(null);
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((current) => ({ ...current, [name]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      setSold(
        await sellVoucher({
          value: draft.value.trim(),
          buyer_name: draft.buyer_name.trim(),
          buyer_email: draft.buyer_email.trim(),
          send_to_me: draft.send_to_me,
          recipient_name: draft.recipient_name.trim(),
          recipient_email: draft.send_to_me ? '' : draft.recipient_email.trim(),
          message: draft.message.trim(),
          send_on: draft.send_to_me ? '' : draft.send_on,
          payment_note: draft.payment_note.trim(),
        }),
      );
    } catch (cause) {
      if (cause instanceof SignedOut) onSignedOut();
      else if (cause instanceof CallRefused) {
        setErrors(cause.fields);
        setProblem(cause.message);
      } else setProblem('That could not be done just now. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  if (sold) {
    return (
      <div className="voucher-page" role="status">
        <p>
          Sold: a {money(sold.value)} voucher for {sold.recipient_name ?? sold.buyer_name}. Its code is{' '}
          <strong className="voucher-table__code" data-testid="sold-code">
            {sold.code}
          </strong>
          .
        </p>
        <div className="admin-actions">
          <Link to={`/admin/orders/vouchers/${sold.id}`} className="button button--small">
            Open voucher {sold.code}
          </Link>
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => {
              setSold(null);
              setDraft(EMPTY);
            }}
          >
            Sell another
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="offer-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="offer-form__grid">
        <TextField label="Value (£, whole pounds)" name="value" inputMode="numeric" value={draft.value} onValueChange={(v) => set('value', v)} error={errors.value} />
        <TextField label="Buyer’s name" name="buyer_name" value={draft.buyer_name} onValueChange={(v) => set('buyer_name', v)} error={errors.buyer_name} />
        <TextField
          label="Buyer’s e-mail"
          name="buyer_email"
          type="email"
          value={draft.buyer_email}
          onValueChange={(v) => set('buyer_email', v)}
          error={errors.buyer_email}
        />
        <TextField
          label="Recipient’s name"
          name="recipient_name"
          value={draft.recipient_name}
          onValueChange={(v) => set('recipient_name', v)}
          error={errors.recipient_name}
        />
        {!draft.send_to_me && (
          <>
            <TextField
              label="Recipient’s e-mail"
              name="recipient_email"
              type="email"
              value={draft.recipient_email}
              onValueChange={(v) => set('recipient_email', v)}
              error={errors.recipient_email}
            />
            <TextField label="Send it on (optional)" name="send_on" type="date" value={draft.send_on} onValueChange={(v) => set('send_on', v)} error={errors.send_on} />
          </>
        )}
        <TextField
          label="How it was paid"
          name="payment_note"
          hint="The till, the card machine, a bank transfer…"
          value={draft.payment_note}
          onValueChange={(v) => set('payment_note', v)}
          error={errors.payment_note}
        />
      </div>
      <label className="check-row">
        <input type="checkbox" checked={draft.send_to_me} onChange={(event) => set('send_to_me', event.target.checked)} />
        Give it to the buyer (e-mailed to them to print, and read out now)
      </label>
      <Field label="Message (optional)" error={errors.message}>
        {(control) => (
          <textarea {...control} className="field__input" rows={3} value={draft.message} onChange={(event) => set('message', event.target.value)} />
        )}
      </Field>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="button button--small" disabled={busy}>
          Sell the voucher
        </button>
        <Link to="/admin/orders/vouchers" className="button button--quiet button--small">
          Cancel
        </Link>
      </div>
    </form>
  );
}
