import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextAreaField, TextField } from '@/components/ui/field';
import { refusedChange } from '@/lib/api-client';
import { money } from '@/lib/core';
import { useForm } from '@/lib/use-form';
import { sellVoucher, type AdminVoucherDetail, type StudioVoucher } from '../api/vouchers-admin-api';
import { FormEnd } from './form-end';
import './vouchers-admin.css';

/** The sale as the form holds it: every box's text (the schema's nulls are the server's defaults). */
type SaleForm = { [K in keyof StudioVoucher]-?: NonNullable<StudioVoucher[K]> };

const EMPTY: SaleForm = {
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
  const { form: draft, setForm: setDraft, setErrors, setField: set, text } = useForm(EMPTY, { keepErrors: true });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sold, setSold] = useState<AdminVoucherDetail | null>(null);

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
      const refused = refusedChange(cause, onSignedOut, 'That could not be done just now. Please try again.');
      if (refused?.fields) setErrors(refused.fields);
      if (refused) setProblem(refused.message);
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
    <form className="offer-form panel" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="offer-form__grid">
        <TextField label="Value (£, whole pounds)" inputMode="numeric" {...text('value')} />
        <TextField label="Buyer’s name" {...text('buyer_name')} />
        <TextField label="Buyer’s e-mail" type="email" {...text('buyer_email')} />
        <TextField label="Recipient’s name" {...text('recipient_name')} />
        {!draft.send_to_me && (
          <>
            <TextField label="Recipient’s e-mail" type="email" {...text('recipient_email')} />
            <TextField label="Send it on (optional)" type="date" {...text('send_on')} />
          </>
        )}
        <TextField label="How it was paid" hint="The till, the card machine, a bank transfer…" {...text('payment_note')} />
      </div>
      <label className="check-row">
        <input type="checkbox" checked={draft.send_to_me} onChange={(event) => set('send_to_me', event.target.checked)} />
        Give it to the buyer (e-mailed to them to print, and read out now)
      </label>
      <TextAreaField label="Message (optional)" rows={3} {...text('message')} />
      <FormEnd
        problem={problem}
        busy={busy}
        submit="Sell the voucher"
        cancel={
          <Link to="/admin/orders/vouchers" className="button button--quiet button--small">
            Cancel
          </Link>
        }
      />
    </form>
  );
}
