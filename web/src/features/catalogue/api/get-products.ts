import { useEffect, useState } from 'react';
import { api, type Product } from '@/lib/api-client';
import { firstLoad, usedFirstLoad } from '@/lib/first-load';

export type ProductsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; products: Product[] };

/** The spec's error message: what the shop says when the list cannot be had. */
export const PRODUCTS_FAILED = 'Failed to fetch products';

const PATH = '/api/products/';

export async function getProducts(signal?: AbortSignal): Promise<Product[]> {
  const { data, error } = await api.GET(PATH, { signal });
  if (error || !data) throw new Error(PRODUCTS_FAILED);
  return data;
}

/** The shop's products: loading, then loaded or an error. */
export function useProducts(): ProductsState {
  const [state, setState] = useState<ProductsState>(() => {
    const products = firstLoad<Product[]>(PATH);
    return products ? { status: 'loaded', products } : { status: 'loading' };
  });

  useEffect(() => {
    // The page arrived with the list inside it: nothing to ask.
    if (firstLoad(PATH)) {
      usedFirstLoad(PATH);
      return;
    }
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
