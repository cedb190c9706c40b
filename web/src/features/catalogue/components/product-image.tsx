import { SmartImage } from '@/components/ui/smart-image';
import type { Product } from '@/lib/api-client';

export interface ProductImageProps {
  product: Product;
  /** How wide it is drawn, for the browser's choice among the sizes. */
  sizes: string;
  /** Below the first screen it waits until it scrolls near. */
  eager?: boolean;
  /** The page's largest paint: asked for with the page itself. */
  leading?: boolean;
}

/** A product's picture in a card or a list (its name is beside it, so the picture says nothing more). */
export function ProductImage({ product, sizes, eager = false, leading = false }: ProductImageProps) {
  return (
    <SmartImage
      src={product.image}
      srcSet={product.image_srcset ?? undefined}
      webpSrcSet={product.image_webp_srcset}
      sizes={sizes}
      alt=""
      width={800}
      height={1000}
      loading={eager || leading ? 'eager' : 'lazy'}
      fetchPriority={leading ? 'high' : undefined}
      decoding="async"
    />
  );
}
