// The studio's catalogue calls (admin only): the products, a product made, changed, given a
// picture, archived, restored or deleted, the quick stock change, and the shelves (categories).
import { api, pictureBody, refusal } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

export type AdminProduct = components['schemas']['AdminProductView'];
export type ProductChange = components['schemas']['ProductChangeBody'];
export type SizeChange = components['schemas']['SizeChangeBody'];
export type Category = components['schemas']['CategoryView'];

const FALLBACK = 'The change could not be saved just now. Please try again.';

/** Every product, on sale, hidden or archived, in the shop's order. */
export async function listProducts(signal?: AbortSignal): Promise<AdminProduct[]> {
  const { data, error, response } = await api.GET('/api/admin/products/', { signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Makes a product from the form. */
export async function createProduct(change: ProductChange): Promise<AdminProduct> {
  const { data, error, response } = await api.POST('/api/admin/products/', { body: change });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Saves the product form. */
export async function saveProduct(id: number, change: ProductChange): Promise<AdminProduct> {
  const { data, error, response } = await api.PUT('/api/admin/products/{id}/', { params: { path: { id } }, body: change });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Sends a product's picture; the server keeps it upright, without EXIF, in the page widths. */
export async function uploadPicture(id: number, picture: File): Promise<AdminProduct> {
  const { data, error, response } = await api.POST('/api/admin/products/{id}/picture/', {
    params: { path: { id } },
    ...pictureBody(picture),
  });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Takes an ordered product out of the shop, keeping it under Archived. */
export async function archiveProduct(id: number): Promise<AdminProduct> {
  const { data, error, response } = await api.POST('/api/admin/products/{id}/archive/', { params: { path: { id } } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Brings an archived product back, hidden. */
export async function restoreProduct(id: number): Promise<AdminProduct> {
  const { data, error, response } = await api.POST('/api/admin/products/{id}/restore/', { params: { path: { id } } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Deletes a product no order ever had. */
export async function deleteProduct(id: number): Promise<void> {
  const { data, error, response } = await api.DELETE('/api/admin/products/{id}/', { params: { path: { id } } });
  if (!data) throw refusal(error, response.status, FALLBACK);
}

/**
 * Sets the stock of a product, or of one of its sizes, from the count the list showed
 * (`stockSeen`): refused (409) when it is no longer that count.
 */
export async function setStock(id: number, stock: number, stockSeen: number, sizeId?: number): Promise<AdminProduct> {
  const { data, error, response } = await api.POST('/api/admin/products/{id}/stock/', {
    params: { path: { id } },
    body: sizeId === undefined ? { stock, stock_seen: stockSeen } : { stock, stock_seen: stockSeen, size_id: sizeId },
  });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Every shelf in the shop's order, hidden ones too. */
export async function listCategories(signal?: AbortSignal): Promise<Category[]> {
  const { data, error, response } = await api.GET('/api/admin/categories/', { signal });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Makes a shelf, last; answers every shelf. */
export async function createCategory(name: string): Promise<Category[]> {
  const { data, error, response } = await api.POST('/api/admin/categories/', { body: { name } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Renames, hides or shows a shelf, from the `version` the page loaded; answers every shelf. */
export async function updateCategory(id: number, name: string, hidden: boolean, version: number): Promise<Category[]> {
  const { data, error, response } = await api.PUT('/api/admin/categories/{id}/', { params: { path: { id } }, body: { name, hidden, version } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}

/** Puts the shelves in a new order, from the order the page showed (`seen`); answers every shelf. */
export async function reorderCategories(ids: number[], seen: number[]): Promise<Category[]> {
  const { data, error, response } = await api.POST('/api/admin/categories/order/', { body: { category_ids: ids, order_seen: seen } });
  if (!data) throw refusal(error, response.status, FALLBACK);
  return data;
}
