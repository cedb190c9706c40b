// Buying a gift voucher, step by step as the checkout pays: the server checks the form (core's
// sentences, shown by each field, what was typed kept) and makes the payment, the card is
// confirmed (3-D Secure when the simulated bank asks), and only a payment that succeeded becomes
// a voucher. A payment that succeeded but whose voucher was not made is kept, so pressing Pay
// again makes the voucher with it rather than charging twice.
import { useRef, useState } from 'react';
import type { CardPayer } from '@/components/payment/card-payer';
import { confirmCard, useAuthentication } from '@/components/payment/confirm-card';
import { usePayPress } from '@/components/payment/use-pay-press';
import { useForm } from '@/lib/use-form';
import { issueVoucher, orderVoucher, type VoucherOrder, type VoucherPaid } from '../api/vouchers-api';

/** The form as typed; names are the API's, so the server's sentences land by their boxes. */
export interface GiftForm {
  /** Whole pounds, as picked or typed ("25"). */
  value: string;
  /** "email": the studio sends it to the recipient; "print": to the buyer, to print. */
  way: 'email' | 'print';
  recipient_name: string;
  recipient_email: string;
  message: string;
  /** "today", or "day" with `send_on`. */
  when: 'today' | 'day';
  send_on: string;
  buyer_name: string;
  buyer_email: string;
}

export type GiftField = keyof GiftForm;

export const EMPTY_GIFT: GiftForm = {
  value: '',
  way: 'email',
  recipient_name: '',
  recipient_email: '',
  message: '',
  when: 'today',
  send_on: '',
  buyer_name: '',
  buyer_email: '',
};

/** The purchase a first press started: its voucher, and the payment's secret that proves this browser started it. */
export interface Started {
  voucherId: number;
  clientSecret: string;
}

/**
 * The order the server is sent: what the form means, not how it was typed (the value as typed,
 * so the server's sentence can name it). `earlier` is the purchase an earlier press started, so
 * a retry after a refused card goes on with it rather than making a second.
 */
export function voucherOrder(form: GiftForm, earlier: Started | null = null): VoucherOrder {
  const print = form.way === 'print';
  return {
    value: form.value.trim(),
    buyer_name: form.buyer_name.trim(),
    buyer_email: form.buyer_email.trim(),
    send_to_me: print,
    recipient_name: form.recipient_name.trim(),
    recipient_email: print ? '' : form.recipient_email.trim(),
    message: form.message.trim(),
    send_on: print || form.when === 'today' ? '' : form.send_on,
    voucher_id: earlier?.voucherId ?? null,
    client_secret: earlier?.clientSecret ?? null,
  };
}

export interface GiftProblem {
  message: string;
  /** The first field at fault, which takes focus; without one the message itself does. */
  field?: GiftField;
}

/** The form, its sentences, and Pay. */
export function useBuyVoucher(payer: CardPayer | null) {
  const { form, errors, setErrors, setField, text } = useForm<GiftForm, GiftField>(EMPTY_GIFT);
  const { problem, setProblem, submitting, press } = usePayPress<GiftProblem>();
  // Bought: the thank-you is shown in place of the form.
  const [bought, setBought] = useState<{ form: GiftForm; paid: VoucherPaid } | null>(null);
  const { authentication, ask } = useAuthentication();
  // The purchase the server started for this form: a retry after a refused card keeps it.
  const voucher = useRef<Started | null>(null);
  // A payment that succeeded without a voucher yet: Pay again makes the voucher, never pays twice.
  const paid = useRef<{ voucherId: number; paymentIntentId: string } | null>(null);

  const submit = () =>
    press(!!payer || !!paid.current, async () => {
      let made = paid.current;
      if (!made && payer) {
        const answer = await orderVoucher(voucherOrder(form, voucher.current));
        if (!answer.ok) {
          const fields = answer.fields as Partial<Record<GiftField, string>>;
          setErrors(fields);
          const first = (Object.keys(EMPTY_GIFT) as GiftField[]).find((name) => name in fields);
          setProblem({ message: answer.message, field: first });
          return false;
        }
        voucher.current = { voucherId: answer.payment.voucher_id, clientSecret: answer.payment.client_secret };
        const outcome = await confirmCard(
          payer,
          answer.payment.client_secret,
          { name: form.buyer_name.trim(), email: form.buyer_email.trim() },
          ask,
        );
        if (outcome.kind === 'authentication-failed') {
          setProblem({ message: 'Your bank did not confirm the payment, so nothing was taken. Please try again.' });
          return false;
        }
        if (outcome.kind === 'refused') {
          setProblem({ message: outcome.message });
          return false;
        }
        made = { voucherId: answer.payment.voucher_id, paymentIntentId: outcome.paymentIntentId };
        paid.current = made;
      }
      if (!made) return false;
      const issued = await issueVoucher(made.voucherId, made.paymentIntentId);
      if (!issued.ok) {
        // Refunded (409): a retry pays afresh.
        if (issued.status === 409) paid.current = null;
        setProblem({ message: issued.message });
        return false;
      }
      setBought({ form, paid: issued.paid });
      window.scrollTo({ top: 0 });
      return true;
    });

  return { form, setField, text, errors, problem, submitting, submit, authentication, bought };
}
