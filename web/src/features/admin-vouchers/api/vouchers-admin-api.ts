// The studio's voucher and offer calls (admin only): vouchers looked up, their history,
// extended, voided and sold in the studio; offer codes made, changed and ended. Every refusal
// is the server's sentence (core's), a stale version a 409 in words.
// The shapes are /work/contracts/vouchers.md's until openapi.yaml describes them (lib/api-pending).
import { refusal } from '@/lib/api-client';
import { pendingCall, type VoucherForm } from '@/lib/api-pending';

/** A voucher as the back office lists it. */
export interface AdminVoucher {
  id: number;
  code: string;
  value: string;
  balance: string;
  /** `unpaid`, `issued`, `voided` or `expired`. */
  status: string;
  expires_on: string;
  buyer_name: string;
  buyer_email: string;
  /** Null: sent to the buyer to print. */
  recipient_name: string | null;
  recipient_email: string | null;
  send_on: string;
  sent_at: number | null;
  /** `card` (online) or `studio`. */
  paid_by: string;
  created_at: number;
  version: number;
}

/** One movement of a voucher. */
export interface VoucherMovement {
  /** Unix seconds. */
  at: number;
  kind: string;
  /** Signed: "-25.00". */
  amount: string;
  /** "Spent on order 1042". */
  description: string;
  order_id: number | null;
  expires_on: string | null;
  who: string | null;
  note: string | null;
}

/** One voucher with its message and history (oldest first). */
export interface AdminVoucherDetail extends AdminVoucher {
  message: string;
  payment_note: string | null;
  history: VoucherMovement[];
}

/** A voucher sold in the studio: the voucher form and how it was paid. */
export interface StudioVoucher extends VoucherForm {
  payment_note: string;
}

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/** An offer code's terms, as the back office sends them. */
export interface OfferForm {
  code: string;
  kind: 'percent_off' | 'amount_off' | 'free_delivery';
  percent: number | null;
  amount: string | null;
  minimum_spend: string | null;
  valid_from: string | null;
  valid_until: string | null;
  weekdays: Weekday[];
  slots: string[];
  products: number[];
  shelves: number[];
  total_uses: number | null;
  once_per_email: boolean;
}

/** An offer code as the back office lists it. */
export interface AdminOffer extends OfferForm {
  id: number;
  version: number;
  /** Unix seconds: ended by the studio. */
  ended_at: number | null;
  uses: number;
  /** "10% off, Tuesday deliveries". */
  summary: string;
}

const FALLBACK = 'That could not be done just now. Please try again.';

/** The latest vouchers, or those whose code or e-mails match `q`. */
export async function listVouchers(q: string, signal?: AbortSignal): Promise<AdminVoucher[]> {
  const { data, error, response } = await pendingCall<AdminVoucher[]>('GET', '/api/admin/vouchers/', { query: q.trim() ? { q: q.trim() } : {}, signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** One voucher with its message and history. */
export async function getVoucher(id: number, signal?: AbortSignal): Promise<AdminVoucherDetail> {
  const { data, error, response } = await pendingCall<AdminVoucherDetail>('GET', `/api/admin/vouchers/${id}/`, { signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Moves its last day to `expiresOn`, from the version the page saw. */
export async function extendVoucher(id: number, version: number, expiresOn: string): Promise<AdminVoucherDetail> {
  const { data, error, response } = await pendingCall<AdminVoucherDetail>('POST', `/api/admin/vouchers/${id}/extend/`, {
    body: { version, expires_on: expiresOn },
  });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Cancels what is left on it, with the studio's reason, from the version the page saw. */
export async function voidVoucher(id: number, version: number, note: string): Promise<AdminVoucherDetail> {
  const { data, error, response } = await pendingCall<AdminVoucherDetail>('POST', `/api/admin/vouchers/${id}/void/`, { body: { version, note } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** A voucher sold in the studio or by phone (paid there): answered with its code, to read out. */
export async function sellVoucher(body: StudioVoucher): Promise<AdminVoucherDetail> {
  const { data, error, response } = await pendingCall<AdminVoucherDetail>('POST', '/api/admin/vouchers/', { body });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Every offer code, running and ended. */
export async function listOffers(signal?: AbortSignal): Promise<AdminOffer[]> {
  const { data, error, response } = await pendingCall<AdminOffer[]>('GET', '/api/admin/offers/', { signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** A new offer code. */
export async function createOffer(body: OfferForm): Promise<AdminOffer> {
  const { data, error, response } = await pendingCall<AdminOffer>('POST', '/api/admin/offers/', { body });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Changes an offer code from the version the page saw. */
export async function updateOffer(id: number, version: number, body: OfferForm): Promise<AdminOffer> {
  const { data, error, response } = await pendingCall<AdminOffer>('PUT', `/api/admin/offers/${id}/`, { body: { ...body, version } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Ends an offer code now (it is kept, for the orders that used it). */
export async function endOffer(id: number, version: number): Promise<AdminOffer> {
  const { data, error, response } = await pendingCall<AdminOffer>('POST', `/api/admin/offers/${id}/end/`, { body: { version } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}
