import { useEffect, useState } from 'react';
import { api, type Product } from '@/lib/api-client';

export type ProductState =
  | { status: 'loading' }
  | { status: 'not-found'; message: string }
  | { status: 'loaded'; product: Product };

/** Spec §8: what the product page says for an unknown id or any failure. */
export const PRODUCT_NOT_FOUND = 'Product not found';

export async function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  const { data, error } = await api.GET('/api/products/{id}/', { params: { path: { id } }, signal });
  if (error || !data) throw new Error(PRODUCT_NOT_FOUND);
  return data;
}

/** One product by its id (as it appears in the URL): loading, then loaded or not found. */
export function useProduct(rawId: string | undefined): ProductState {
  const [state, setState] = useState<ProductState>({ status: 'loading' });

  useEffect(() => {
    const id = Number(rawId);
    if (!rawId || !Number.isSafeInteger(id) || id <= 0) {
      setState({ status: 'not-found', message: PRODUCT_NOT_FOUND });
      return;
    }
    setState({ status: 'loading' });
    const controller = new AbortController();
    getProduct(id, controller.signal).then(
      (product) => setState({ status: 'loaded', product }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'not-found', message: PRODUCT_NOT_FOUND });
      },
    );
    return () => controller.abort();
  }, [rawId]);

  return state;
}
