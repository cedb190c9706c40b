// The checkout's side of the API (the spec's entities and API calls), from the types generated from openapi.yaml.
import type { components } from '@/lib/api-schema';

type Schemas = components['schemas'];
type ServerBilling = Schemas['BillingDetails'];

/** GET /api/payment/config/: which card form to show. */
export interface PaymentConfig {
  provider: 'stripe' | 'simulated';
  publishable_key: string | null;
}

/**
 * What confirming a card (or 3-D Secure) answers; mirrors Stripe.js's confirmCardPayment. One of
 * the two is null (openapi.yaml calls both required, so they are read with care).
 */
export interface CardConfirmation {
  payment_intent: Pick<Schemas['CardIntent'], 'id' | 'status'> | null;
  error: { message?: string; code?: string } | null;
}

/** Billing details sent with the card (the spec's API calls), country always GB (the spec's constants). */
export interface BillingDetails extends ServerBilling {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; city: string; postal_code: string; country: 'GB' };
}

/** POST /api/orders/'s body. */
export type CreateOrderRequest = Schemas['PlaceOrder'];

/** POST /api/orders/'s answer: what the confirmation link needs. */
export type CreatedOrder = Schemas['OrderPlaced'];
