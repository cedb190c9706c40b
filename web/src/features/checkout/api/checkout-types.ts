// The checkout's side of the API (the spec's entities and API calls), from the types generated from openapi.yaml.
import type { components } from '@/lib/api-schema';

type Schemas = components['schemas'];

/** POST /api/orders/'s body. */
export type CreateOrderRequest = Schemas['PlaceOrder'];

/** POST /api/orders/'s answer: what the confirmation link needs. */
export type CreatedOrder = Schemas['OrderPlaced'];
