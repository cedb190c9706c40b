import { Link, useParams } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { useAddToCart } from '@/features/cart/hooks/use-add-to-cart';
import { useProduct } from '@/features/catalogue/api/get-product';
import { ProductDetails } from '@/features/catalogue/components/product-details';

export default function ProductPage() {
  const { id } = useParams();
  const state = useProduct(id);
  const { addToCart, isAdding } = useAddToCart();

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

  const { product } = state;
  return (
    <div className="container fade-in">
      <title>{`${product.name} · Posy floral studio`}</title>
      <ProductDetails
        product={product}
        adding={isAdding(product.id)}
        onAddToCart={(choice) =>
          void addToCart({ productId: choice.product.id, variationId: choice.variationId, quantity: choice.quantity })
        }
      />
    </div>
  );
}
