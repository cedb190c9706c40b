// The checkout's side of the API contract (spec §3 and §7), written by hand until openapi.yaml
// describes these calls; the shapes are narrowed at run time, since money and orders ride on them.

/** GET /api/payment/config/: which card form to show. */
export interface PaymentConfig {
  provider: 'stripe' | 'simulated';
  publishable_key: string | null;
}

/** What confirming a card (or 3-D Secure) answers; mirrors Stripe.js's confirmCardPayment. */
export interface CardConfirmation {
  payment_intent: { id: string; status: string; amount?: number; currency?: string } | null;
  error: { message?: string; code?: string } | null;
}

/** Billing details sent with the card (spec §7), country always GB (spec §9). */
export interface BillingDetails {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; city: string; postal_code: string; country: 'GB' };
}

/** POST /api/orders/'s body. */
export interface CreateOrderRequest {
  payment_intent_id: string;
  cart_id: string;
  email: string;
  first_name: string;
  last_name: string;
  address: string;
  city: string;
  postcode: string;
  phone: string;
}

/** POST /api/orders/'s answer: what the confirmation link needs. */
export interface CreatedOrder {
  id: number;
  order_id: string;
  access_token: string;
}

export interface OrderItem {
  product_name: string;
  quantity: number;
  product_price: string;
  line_total?: string;
}

/** GET /api/orders/{id}?token=… */
export interface Order extends CreatedOrder {
  email: string;
  first_name: string;
  last_name: string;
  address: string;
  city: string;
  postcode: string;
  phone: string;
  total: string;
  created_at?: string;
  items: OrderItem[];
}
