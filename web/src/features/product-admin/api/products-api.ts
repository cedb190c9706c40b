// The studio's product calls (admin only): the list, a product's change and the quick stock change.
import { api, errorMessage, type ErrorBody } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type AdminProduct = components['schemas']['AdminProductView'];
export type ProductChange = components['schemas']['ProductChangeBody'];

/** The session ended (401): the page goes to the sign-in. */
export class ProductsSignedOut extends Error {
  constructor() {
    super('The admin session has ended');
    this.name = 'ProductsSignedOut';
  }
}

/** A change the server refused: its sentence, and the fields at fault (a size's as `sizes.0.price`). */
export class ProductRefused extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
    this.name = 'ProductRefused';
  }
}

function refusal(error: unknown, status: number): Error {
  if (status === 401) return new ProductsSignedOut();
  const body = error as ErrorBody | undefined;
  return new ProductRefused(errorMessage(body, 'The change could not be saved just now. Please try again.'), body?.fields ?? {});
}

/** Every product, on sale or hidden, in the shop's order. */
export async function listProducts(signal?: AbortSignal): Promise<AdminProduct[]> {
  const { data, error, response } = await api.GET('/api/admin/products/', { signal });
  if (!data) throw refusal(error, response.status);
  return data;
}

/** Saves the product form. */
export async function saveProduct(id: number, change: ProductChange): Promise<AdminProduct> {
  const { data, error, response } = await api.PUT('/api/admin/products/{id}/', { params: { path: { id } }, body: change });
  if (!data) throw refusal(error, response.status);
  return data;
}

/** Sets the stock of a product, or of one of its sizes. */
export async function setStock(id: number, stock: number, sizeId?: number): Promise<AdminProduct> {
  const { data, error, response } = await api.POST('/api/admin/products/{id}/stock/', {
    params: { path: { id } },
    body: sizeId === undefined ? { stock } : { stock, size_id: sizeId },
  });
  if (!data) throw refusal(error, response.status);
  return data;
}
