import { useEffect, useState } from 'react';
import { api, type Product } from '@/lib/api-client';
import { firstLoad, usedFirstLoad } from '@/lib/first-load';

export type ProductState =
  | { status: 'loading' }
  | { status: 'not-found'; message: string }
  | { status: 'loaded'; product: Product };

/** The spec's error message: what the product page says for an unknown id or any failure. */
export const PRODUCT_NOT_FOUND = 'Product not found';

export async function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  const { data, error } = await api.GET('/api/products/{id}/', { params: { path: { id } }, signal });
  if (error || !data) throw new Error(PRODUCT_NOT_FOUND);
  return data;
}

/** The product's API path, the key of its answer inside a first page. */
const pathOf = (id: number) => `/api/products/${id}/`;

/** A product id from a URL, or null when it cannot be one. */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** One product by its id (as it appears in the URL): loading, then loaded or not found. */
export function useProduct(rawId: string | undefined): ProductState {
  const id = parseId(rawId);
  // The answer is kept with the id it belongs to, so a new id reads as loading at once.
  const [answer, setAnswer] = useState<{ id: number; state: ProductState } | null>(() => {
    const product = id === null ? undefined : firstLoad<Product>(pathOf(id));
    return id !== null && product ? { id, state: { status: 'loaded', product } } : null;
  });

  useEffect(() => {
    if (id === null) return;
    // The page arrived with this product inside it: nothing to ask.
    if (firstLoad(pathOf(id))) {
      usedFirstLoad(pathOf(id));
      return;
    }
    const controller = new AbortController();
    getProduct(id, controller.signal).then(
      (product) => setAnswer({ id, state: { status: 'loaded', product } }),
      () => {
        if (!controller.signal.aborted) {
          setAnswer({ id, state: { status: 'not-found', message: PRODUCT_NOT_FOUND } });
        }
      },
    );
    return () => controller.abort();
  }, [id]);

  if (id === null) return { status: 'not-found', message: PRODUCT_NOT_FOUND };
  if (answer === null || answer.id !== id) return { status: 'loading' };
  return answer.state;
}
