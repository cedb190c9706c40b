import { Link, useParams } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { useAddToCart } from '@/features/cart/hooks/use-add-to-cart';
import { useProduct } from '@/features/catalogue/api/get-product';
import { ProductDetails } from '@/features/catalogue/components/product-details';
import { useSite } from '@/features/site/hooks/use-site';
import type { Product } from '@/lib/api-client';
import { arrivalWords, useDelivery } from '@/lib/delivery';

export default function ProductPage() {
  const { id } = useParams();
  const state = useProduct(id);

  if (state.status === 'loading') return <PageLoading label="Fetching the flowers…" />;

  if (state.status === 'not-found') {
    return (
      <div className="container page-missing" role="alert">
        <title>Product not found · Posy floral studio</title>
        <h1>{state.message}</h1>
        <p>It may have sold out for the season. Everything we have today is in the shop.</p>
        <Link to="/shop" className="button">
          Back to the shop
        </Link>
      </div>
    );
  }

  return <ShownProduct product={state.product} />;
}

/** The product with its buying form, and when it can arrive by the studio's delivery rules (asked for once it is shown). */
function ShownProduct({ product }: { product: Product }) {
  const { addToCart, isAdding } = useAddToCart();
  const delivery = useDelivery();
  const site = useSite();
  return (
    <div className="container fade-in">
      <title>{`${product.name} · Posy floral studio`}</title>
      <ProductDetails
        product={product}
        adding={isAdding(product.id)}
        arrival={delivery && site ? arrivalWords(delivery.rules, product.lead_days, site.town, site.district) : null}
        onAddToCart={(choice) =>
          void addToCart({ productId: choice.product.id, variationId: choice.variationId, quantity: choice.quantity })
        }
      />
    </div>
  );
}
