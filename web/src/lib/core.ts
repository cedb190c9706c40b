// The one door to Posy's business rules: the Rust core (posy-core), compiled to WebAssembly.
// The server enforces the same rules with the same code, so nothing here re-implements them:
// money is formatted, quantities limited, totals added and forms validated by the core.
import * as wasm from 'posy-wasm';

/** A price as the API sends it: a decimal string with two places, e.g. "45.00". */
export type WireMoney = string;

/** One line of a cart, as far as the totals care. */
export interface PricedLine {
  price: WireMoney;
  quantity: number;
}

/** What a failed validation gives: one message for people, and why each field is at fault. */
export interface ValidationFailure {
  error: string;
  fields: Record<string, string>;
}

export interface CheckoutForm {
  email: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  postcode: string;
  phone: string;
}

export interface EnquiryForm {
  name: string;
  email: string;
  phone: string;
  enquiryType: string;
  message: string;
}

/** "45.00" → "£45.00", "1234.50" → "£1,234.50". Throws on a malformed price (pages use money()). */
export function formatMoney(wire: WireMoney): string {
  return wasm.formatMoney(wire);
}

/**
 * The one way pages show money: "45.00" → "£45.00". A figure the core cannot read (or none) is
 * shown as `otherwise`: by default the figure as it came, so a page never breaks on a price.
 */
export function money(wire: WireMoney | null | undefined): string;
export function money<T>(wire: WireMoney | null | undefined, otherwise: T): string | T;
export function money(wire: WireMoney | null | undefined, otherwise: unknown = wire ?? ''): unknown {
  if (!wire) return otherwise;
  try {
    return wasm.formatMoney(wire);
  } catch {
    return otherwise;
  }
}

/** "£45.00" when both ends agree, otherwise "£35.00 – £60.00". */
export function formatPriceRange(min: WireMoney, max: WireMoney): string {
  return wasm.formatPriceRange(min, max);
}

/** Nothing left of it: the shop says "Sold out" and offers no quantity. */
export function isSoldOut(stock: number): boolean {
  return wasm.isSoldOut(stock);
}

/** A line's name as the shopper reads it: "Peony Posy (Large)", or the product's name without a size. */
export function itemName(product: string, size?: string | null): string {
  return wasm.itemName(product, size ?? undefined);
}

/** Quantities offered on a product page: 1 to the lesser of 10 and the stock; none when sold out. */
export function quantityOptions(stock: number): number[] {
  return Array.from(wasm.productQuantityOptions(Math.max(0, Math.trunc(stock))));
}

/** Quantities offered in the cart: 1 to 10. */
export function cartQuantityOptions(): number[] {
  return Array.from(wasm.cartQuantityOptions());
}

/** The quantity an add starts with (1). */
export function defaultQuantity(): number {
  return wasm.defaultQuantity();
}

/** The most of one thing a shopper can choose at once (10). */
export function maxQuantity(): number {
  return wasm.maxQuantity();
}

/** The total of some lines, in wire form ("0.00" for none). */
export function cartTotal(lines: readonly PricedLine[]): WireMoney {
  return wasm.cartTotal(lines.map(({ price, quantity }) => ({ price, quantity })));
}

/** How many items the lines hold altogether (the number on the cart icon). */
export function totalQuantity(lines: readonly { quantity: number }[]): number {
  return wasm.totalQuantity(lines.map(({ quantity }) => ({ quantity })));
}

/** Null when the checkout form is complete, else the spec's message and the fields at fault. */
export function validateCheckout(form: CheckoutForm): ValidationFailure | null {
  return (wasm.validateCheckout(form) as ValidationFailure | null | undefined) ?? null;
}

/** Null when the enquiry can be sent, else a message and the fields at fault. */
export function validateEnquiry(form: EnquiryForm): ValidationFailure | null {
  return (wasm.validateEnquiry(form) as ValidationFailure | null | undefined) ?? null;
}

/** Where the media of this app come from: "" means the same origin as the page. */
export const MEDIA_BASE: string = import.meta.env.VITE_MEDIA_BASE ?? '';

/** The URL to show for a stored media path; the placeholder when there is none. */
export function mediaUrl(path: string | null | undefined, base: string = MEDIA_BASE): string {
  return wasm.mediaUrl(path ?? undefined, base);
}

/** The picture shown when a picture is missing or fails to load. */
export function placeholderImage(): string {
  return wasm.placeholderImage();
}

/** True when a workshop's spots text says it is full ('0 spots left'): Book then reads Fully Booked. */
export function isFullyBooked(spotsText: string): boolean {
  return wasm.isFullyBooked(spotsText);
}

/** The most characters an album's title, description and each caption may have. */
export interface AlbumLimits {
  title: number;
  description: number;
  caption: number;
}

/** A kind of enquiry the contact form offers: its value as the API takes it, and its words. */
export interface EnquiryTypeChoice {
  value: string;
  label: string;
}

/** A checkout field: its form name, its name on the wire, the words beside it and its limit. */
export interface CheckoutFieldInfo {
  name: keyof CheckoutForm;
  wire: string;
  label: string;
  maxLength: number;
}

// Fixed for the life of the page, so each is asked of the core once.
let albumLimitsOnce: AlbumLimits | undefined;
let enquiryTypesOnce: readonly EnquiryTypeChoice[] | undefined;
let checkoutFieldsOnce: readonly CheckoutFieldInfo[] | undefined;

/** `{ title: 200, description: 2000, caption: 500 }`: the gallery's limits, as the server enforces them. */
export function albumLimits(): AlbumLimits {
  return (albumLimitsOnce ??= wasm.albumLimits() as AlbumLimits);
}

/** The contact form's kinds of enquiry, in the form's order. */
export function enquiryTypes(): readonly EnquiryTypeChoice[] {
  return (enquiryTypesOnce ??= wasm.enquiryTypes() as EnquiryTypeChoice[]);
}

/** The checkout's fields in the form's order (email, first name, … phone). */
export function checkoutFields(): readonly CheckoutFieldInfo[] {
  return (checkoutFieldsOnce ??= wasm.checkoutFields() as CheckoutFieldInfo[]);
}

/** The checkout's form with nothing typed in it: each of the core's fields, empty. */
export function emptyCheckoutForm(): CheckoutForm {
  return Object.fromEntries(checkoutFields().map((field) => [field.name, ''])) as unknown as CheckoutForm;
}

/** The delivery rules over the studio's settings (GET /api/delivery/'s `settings`). */
export type DeliveryRules = wasm.Delivery;
export type EarliestDays = wasm.EarliestDays;

/**
 * Reads the studio's delivery settings, and the places already taken (GET /api/delivery/'s
 * `taken`; none when left out), once into the core's rules; throws on what it cannot read.
 */
export function deliveryRules(settings: unknown, taken?: unknown): DeliveryRules {
  return new wasm.Delivery(settings as object, taken as wasm.Taken | undefined);
}

/** Whether items costing `items` are delivered free (the core's threshold rule); false for a figure it cannot read. */
export function deliversFree(rules: DeliveryRules, items: WireMoney): boolean {
  try {
    return rules.deliversFree(items);
  } catch {
    return false;
  }
}

/** The first day each method can have for a cart needing `leadDays` of notice, at `now` (ms). */
export function earliestDays(rules: DeliveryRules, leadDays: number, now: number = Date.now()): EarliestDays {
  return rules.earliest(Math.floor(now / 1000), leadDays);
}

export type Method = wasm.Method;
export type PostcodeCheck = wasm.PostcodeCheck;
export type DayOption = wasm.DayOption;
export type SlotOption = wasm.SlotOption;
export type CollectionTime = wasm.CollectionTime;
export type FulfilmentChoice = wasm.FulfilmentChoice;
export type FulfilmentCheck = wasm.FulfilmentCheck;
export type Totals = wasm.Totals;
export type CardCount = wasm.CardCount;
export type FulfilmentFieldInfo = wasm.FulfilmentFieldInfo;

/** Seconds since 1970, as the core's rules take the moment. */
export function unixSeconds(now: number = Date.now()): number {
  return Math.floor(now / 1000);
}

/** The card's live count: "236 characters left · 5 lines left", and whether it fits. */
export function cardCount(message: string): CardCount {
  return wasm.cardCount(message);
}

let fulfilmentFieldsOnce: readonly FulfilmentFieldInfo[] | undefined;

/** The delivery-or-collection form's fields in the form's order, with their words and limits. */
export function fulfilmentFields(): readonly FulfilmentFieldInfo[] {
  return (fulfilmentFieldsOnce ??= wasm.fulfilmentFields());
}

/** A choice with every field blank: the core's fields, each an empty string. */
export function emptyChoice(): Required<FulfilmentChoice> {
  return Object.fromEntries(fulfilmentFields().map((field) => [field.name, ''])) as Required<FulfilmentChoice>;
}

/**
 * "Deliver to me": the recipient's fields (exactly those) filled by the core from the shopper's
 * details as typed so far, to lay over the choice.
 */
export function deliverTo(customer: Partial<CheckoutForm>): Partial<FulfilmentChoice> {
  return wasm.deliverTo(customer);
}

/** The choice's fields "Deliver to me" fills, by wire name (the recipient and the address). */
export function recipientFields(): (keyof FulfilmentChoice)[] {
  return Object.keys(deliverTo({})) as (keyof FulfilmentChoice)[];
}

export type DateStyle = wasm.DateStyle;

/**
 * A day sent as "2026-12-05", in the pages' words: "Saturday 5 December" (`day`), "Saturday 5
 * December 2026" (`long`) or "December 5th" (`monthDay`). Anything that is not a day is shown as it came.
 */
export function formatDate(day: string, style: DateStyle): string {
  return wasm.formatDate(day, style) || day;
}
