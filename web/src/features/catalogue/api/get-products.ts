import { useEffect, useState } from 'react';
import { api, type Product } from '@/lib/api-client';

export type ProductsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; products: Product[] };

/** The spec's error message: what the shop says when the list cannot be had. */
export const PRODUCTS_FAILED = 'Failed to fetch products';

export async function getProducts(signal?: AbortSignal): Promise<Product[]> {
  const { data, error } = await api.GET('/api/products/', { signal });
  if (error || !data) throw new Error(PRODUCTS_FAILED);
  return data;
}

/** The shop's products: loading, then loaded or an error. */
export function useProducts(): ProductsState {
  const [state, setState] = useState<ProductsState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getProducts(controller.signal).then(
      (products) => setState({ status: 'loaded', products }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error', message: PRODUCTS_FAILED });
      },
    );
    return () => controller.abort();
  }, []);

  return state;
}
