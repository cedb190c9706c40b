// How the back office's order pages write counts and steps (days and moments come from the core).
import type { components } from '@/lib/api-schema';
import { counted } from '@/lib/words';

type OrderStatus = components['schemas']['OrderStatus'];

/** "3 deliveries · 1 collection", leaving out what there is none of. */
export function dayCounts(deliveries: number, collections: number, cancelled = 0): string {
  const parts = [
    deliveries > 0 && counted(deliveries, 'delivery', 'deliveries'),
    collections > 0 && counted(collections, 'collection'),
    cancelled > 0 && `${cancelled} cancelled`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Nothing to make';
}

/** What the customer's mail tells them at a step, finishing "e-mails Jo …". */
const TOLD: Partial<Record<OrderStatus, string>> = {
  confirmed: 'that the order is confirmed',
  out_for_delivery: 'that the flowers are on their way',
  delivered: 'that the flowers were delivered',
  ready_for_collection: 'that the flowers are ready to collect',
  collected: 'that the flowers were collected',
};

/** "Ready and Out for delivery", "Confirmed, Ready and Out for delivery". */
export function inWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * The question before a skip that mails the customer: "Mark FS-000123 delivered? This skips
 * Ready and Out for delivery and e-mails Sam that the flowers were delivered."
 */
export function skipQuestion(reference: string, to: { status: OrderStatus; label: string }, skipped: readonly string[], customer: string) {
  const told = TOLD[to.status] ?? `that the order is ${to.label.toLowerCase()}`;
  return {
    question: `Mark ${reference} ${to.label.toLowerCase()}?`,
    detail: `This skips ${inWords(skipped)} and e-mails ${customer} ${told}.`,
  };
}

/** What an order's payment came from, as the order and the day sheet say it. */
export interface PaidBy {
  paid_by_voucher: string;
  paid_by_card: string;
  /** An offer code's discount ("0.00" when none) and its code. */
  discount: string;
  offer_code: string | null;
}

/** The order's voucher and offer figures, from its payment. */
export function paidBy(order: { payment: PaidBy }): PaidBy {
  const { paid_by_voucher, paid_by_card, discount, offer_code } = order.payment;
  return { paid_by_voucher, paid_by_card, discount, offer_code };
}

/** "£25.00 by gift voucher and £13.50 by card", or null when no voucher paid any of it. */
export function paidHow({ paid_by_voucher: voucher, paid_by_card: card }: Pick<PaidBy, 'paid_by_voucher' | 'paid_by_card'>, money: (wire: string) => string): string | null {
  if (!(Number(voucher) > 0)) return null;
  return !(Number(card) > 0) ? `${money(voucher)} by gift voucher` : `${money(voucher)} by gift voucher and ${money(card)} by card`;
}
