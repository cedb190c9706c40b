// Orders (the spec's API call and error messages): creating one once the card is paid. Reading
// one by its link is the order page's (features/order).
import { api } from '@/lib/api-client';
import type { CreatedOrder, CreateOrderRequest } from './checkout-types';

/** The spec's error messages for an order that could not be made. */
export const ORDER_FIELDS_MESSAGE = 'Please fill in all required fields';
export const ORDER_FAILED_MESSAGE = 'Failed to create order. Please contact support.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** The spec's error catalogue: an order answer counts only with an id (and the token its link needs). */
function isCreatedOrder(value: CreatedOrder | undefined): value is CreatedOrder {
  return !!value?.id && !!value.access_token;
}

export type CreateOrderOutcome =
  | { ok: true; order: CreatedOrder }
  | { ok: false; message: string; fields: Record<string, string>; status: number | null };

/** The fields at fault in an error body, by the server's (wire) names. */
function faultyFields(error: Record<string, unknown>): Record<string, string> {
  const source = isRecord(error.fields) ? error.fields : isRecord(error.error) ? error.error : {};
  const fields: Record<string, string> = {};
  for (const [name, why] of Object.entries(source)) {
    if (typeof why === 'string') fields[name] = why;
    else if (Array.isArray(why) && typeof why[0] === 'string') fields[name] = why[0];
  }
  return fields;
}

/**
 * POST /api/orders/ after the card is paid. Never throws: a refusal gives the server's sentence
 * when its error is one, 'Please fill in all required fields' when its error is an object, and
 * otherwise (the network, an answer without an id) 'Failed to create order. Please contact support.'
 */
export async function createOrder(body: CreateOrderRequest): Promise<CreateOrderOutcome> {
  try {
    const { data, error, response } = await api.POST('/api/orders/', { body });
    if (response.ok) {
      if (isCreatedOrder(data)) return { ok: true, order: data };
      console.error('The order answer had no id', data);
      return { ok: false, message: ORDER_FAILED_MESSAGE, fields: {}, status: response.status };
    }
    const status = response.status;
    if (isRecord(error)) {
      const fields = faultyFields(error);
      if (typeof error.error === 'string' && error.error) return { ok: false, message: error.error, fields, status };
      if (isRecord(error.error)) return { ok: false, message: ORDER_FIELDS_MESSAGE, fields, status };
    }
    console.error('The order was refused', status, error);
    return { ok: false, message: ORDER_FAILED_MESSAGE, fields: {}, status };
  } catch (cause) {
    console.error('The order could not be sent', cause);
  }
  return { ok: false, message: ORDER_FAILED_MESSAGE, fields: {}, status: null };
}
