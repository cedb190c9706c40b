// The studio's order calls (admin only): the day's work, one order, moving it along its
// workflow, giving money back, the day sheet, the CSV export and orders taken by phone.
import { api, API_BASE, refusal } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { deliveryRules, type DeliveryRules } from '@/lib/core';

type Schemas = components['schemas'];
export type OrderBook = Schemas['OrderBook'];
export type OrderDay = Schemas['OrderDay'];
export type OrderLine = Schemas['OrderLine'];
export type OrderDetail = Schemas['OrderDetail'];
export type OrderMove = Schemas['OrderMove'];
/** core's list of statuses, through the API description. */
export type OrderStatus = Schemas['OrderStatus'];
export type OrderRefund = Schemas['OrderRefundView'];
export type RefundBody = Schemas['RefundBody'];
export type StudioOrder = Schemas['StudioOrderBody'];
export type StudioFulfilment = Schemas['FulfilmentFields'];
export type StudioOrderTaken = Schemas['StudioOrderTaken'];
export type DaySheet = Schemas['DaySheet'];
export type BulkMoved = Schemas['BulkMoved'];
export type OrderRemark = Schemas['OrderRemarkView'];

/** What the list is asked for (each left out when empty). */
export interface OrderFilter {
  status?: string;
  method?: string;
  q?: string;
  from?: string;
  to?: string;
}

const FALLBACK = 'That could not be done just now. Please try again.';

/** Only the filters that say something, so the URL and the query stay short. */
function given(filter: OrderFilter): OrderFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => typeof value === 'string' && value.trim() !== '')) as OrderFilter;
}

/** The day's work, or what the filters found, by day. */
export async function listOrders(filter: OrderFilter, signal?: AbortSignal): Promise<OrderBook> {
  const { data, error, response } = await api.GET('/api/admin/orders/', { params: { query: given(filter) }, signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** One order with everything it has. */
export async function getOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  const { data, error, response } = await api.GET('/api/admin/orders/{id}/', { params: { path: { id } }, signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Moves the order from where the page saw it (`from`) to `to`. */
export async function moveOrder(id: number, from: OrderStatus, to: OrderStatus): Promise<OrderDetail> {
  const { data, error, response } = await api.POST('/api/admin/orders/{id}/status/', { params: { path: { id } }, body: { from, to } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Gives back what is chosen, and cancels the order when asked; `body` says what the page saw and carries its key. */
export async function refundOrder(id: number, body: RefundBody): Promise<OrderDetail> {
  const { data, error, response } = await api.POST('/api/admin/orders/{id}/refund/', { params: { path: { id } }, body });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/**
 * A fresh key for one refund submission (a version 4 UUID): sent again unchanged when the same
 * submission is retried, so the server gives back once. `crypto.randomUUID` exists only on
 * https and localhost; a shop reached over plain http on the studio's network still has
 * `getRandomValues`.
 */
export function refundKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Marks a refund the payment provider keeps refusing as given back another way. */
export async function settleRefund(id: number, refundId: number): Promise<OrderDetail> {
  const { data, error, response } = await api.POST('/api/admin/orders/{id}/refunds/{refund_id}/settled/', { params: { path: { id, refund_id: refundId } } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Moves each order from where the page saw it to `to`, each on its own; says what became of each. */
export async function moveOrders(orders: readonly { id: number; from: OrderStatus }[], to: OrderStatus): Promise<BulkMoved> {
  const { data, error, response } = await api.POST('/api/admin/orders/moves/', { body: { to, orders: [...orders] } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Changes the order's day, slot, address or card, from the `version` the page read. */
export async function changeChoice(id: number, version: number, fulfilment: StudioFulfilment): Promise<OrderDetail> {
  const { data, error, response } = await api.PUT('/api/admin/orders/{id}/choice/', { params: { path: { id } }, body: { version, fulfilment } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Adds the studio's own note, from the `version` the page read. */
export async function noteOrder(id: number, version: number, text: string): Promise<OrderDetail> {
  const { data, error, response } = await api.POST('/api/admin/orders/{id}/notes/', { params: { path: { id } }, body: { version, text } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Every order of one day, in the order the studio makes and delivers them, with the slots' hours and what to make. */
export async function daySheet(date: string, signal?: AbortSignal): Promise<DaySheet> {
  const { data, error, response } = await api.GET('/api/admin/orders/sheet/', { params: { query: { date } }, signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Takes an order by phone or in the studio. */
export async function takeOrder(body: StudioOrder): Promise<StudioOrderTaken> {
  const { data, error, response } = await api.POST('/api/admin/orders/', { body });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Where the CSV of the days `from` to `to` downloads from (a plain link: the session cookie goes with it). */
export function exportUrl(from: string, to: string): string {
  return `${API_BASE}/api/admin/orders/export/?${new URLSearchParams({ from, to })}`;
}

export type ShelfProduct = Schemas['AdminProductView'];

/** Every product, on sale or hidden but not archived, for the phone order's lines. */
export async function listShelf(signal?: AbortSignal): Promise<ShelfProduct[]> {
  const { data, error, response } = await api.GET('/api/admin/products/', { signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data.filter((product) => !product.archived);
}

/**
 * The studio's delivery settings read into the core's rules, without the places taken: a
 * studio order may squeeze into a full slot, as the server allows.
 */
export async function studioDelivery(signal?: AbortSignal): Promise<DeliveryRules> {
  const { data, error, response } = await api.GET('/api/delivery/', { signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return deliveryRules(data.settings);
}
