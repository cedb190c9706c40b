// The studio's voucher and offer calls (admin only): vouchers looked up, their history,
// extended, voided and sold in the studio; offer codes made, changed and ended. Every refusal
// is the server's sentence (core's), a stale version a 409 in words.
import { api, refusal } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

/** A voucher as the back office lists it. */
export type AdminVoucher = components['schemas']['VoucherRow'];

/** One movement of a voucher. */
export type VoucherMovement = components['schemas']['VoucherMovementView'];

/** One voucher with its message and history (oldest first). */
export type AdminVoucherDetail = components['schemas']['VoucherDetail'];

/** A voucher sold in the studio: the voucher form and how it was paid. */
export type StudioVoucher = components['schemas']['StudioVoucher'];

export type Weekday = components['schemas']['WeekdayWire'];

/** An offer code's terms, as the back office sends them. */
export type OfferForm = components['schemas']['OfferTerms'];

/** An offer code as the back office lists it. */
export type AdminOffer = components['schemas']['OfferView'];

const FALLBACK = 'That could not be done just now. Please try again.';

/** The latest vouchers, or those whose code or e-mails match `q`. */
export async function listVouchers(q: string, signal?: AbortSignal): Promise<AdminVoucher[]> {
  const { data, error, response } = await api.GET('/api/admin/vouchers/', { params: { query: q.trim() ? { q: q.trim() } : {} }, signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** One voucher with its message and history. */
export async function getVoucher(id: number, signal?: AbortSignal): Promise<AdminVoucherDetail> {
  const { data, error, response } = await api.GET('/api/admin/vouchers/{id}/', { params: { path: { id } }, signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Moves its last day to `expiresOn`, from the version the page saw. */
export async function extendVoucher(id: number, version: number, expiresOn: string): Promise<AdminVoucherDetail> {
  const { data, error, response } = await api.POST('/api/admin/vouchers/{id}/extend/', {
    params: { path: { id } },
    body: { version, expires_on: expiresOn },
  });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Cancels what is left on it, with the studio's reason, from the version the page saw. */
export async function voidVoucher(id: number, version: number, note: string): Promise<AdminVoucherDetail> {
  const { data, error, response } = await api.POST('/api/admin/vouchers/{id}/void/', { params: { path: { id } }, body: { version, note } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** A voucher sold in the studio or by phone (paid there): answered with its code, to read out. */
export async function sellVoucher(body: StudioVoucher): Promise<AdminVoucherDetail> {
  const { data, error, response } = await api.POST('/api/admin/vouchers/', { body });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Every offer code, running and ended. */
export async function listOffers(signal?: AbortSignal): Promise<AdminOffer[]> {
  const { data, error, response } = await api.GET('/api/admin/offers/', { signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** A new offer code. */
export async function createOffer(body: OfferForm): Promise<AdminOffer> {
  const { data, error, response } = await api.POST('/api/admin/offers/', { body });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Changes an offer code from the version the page saw. */
export async function updateOffer(id: number, version: number, body: OfferForm): Promise<AdminOffer> {
  const { data, error, response } = await api.PUT('/api/admin/offers/{id}/', { params: { path: { id } }, body: { ...body, version } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Ends an offer code now (it is kept, for the orders that used it). */
export async function endOffer(id: number, version: number): Promise<AdminOffer> {
  const { data, error, response } = await api.POST('/api/admin/offers/{id}/end/', { params: { path: { id } }, body: { version } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}
