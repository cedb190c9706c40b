import { Callout, RetryNotice } from '@/components/layout/page-kit';
import { PageShell } from '@/components/layout/page-shell';
import { CartSummary } from '@/features/cart/components/cart-summary';
import { useAddToCart } from '@/features/cart/hooks/use-add-to-cart';
import { useProducts } from '@/features/catalogue/api/get-products';
import { ProductGrid } from '@/features/catalogue/components/product-grid';
import { Fact } from '@/components/ui/studio-facts';
import { useSite } from '@/features/site/hooks/use-site';
import './shop.css';

export default function ShopPage() {
  const state = useProducts();
  const site = useSite();
  // The spec: the shop list's 'Added to cart!' lasts 2 s.
  const { addToCart, isAdding } = useAddToCart({ successToastMs: 2000 });

  return (
    <PageShell
      title="Shop"
      eyebrow="Fresh this week"
      intro={<p>Hand-tied bouquets, posies and gifts, made on the morning they leave the studio.</p>}
    >
      <div className="shop-bar">
        <CartSummary />
        <p className="shop-bar__delivery">
          <Fact site={site} show={(s) => s.delivery} chars={48} />
        </p>
      </div>

      {state.status === 'loading' && (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">Loading products…</span>
          <ul className="product-grid product-grid--skeleton" aria-hidden="true">
            {Array.from({ length: 8 }, (_, index) => (
              <li key={index} />
            ))}
          </ul>
        </div>
      )}

      {state.status === 'error' && (
        <RetryNotice title={state.message} onRetry={() => window.location.reload()}>
          Please check your connection and refresh the page. If it keeps happening, call us and we will take your order by phone.
        </RetryNotice>
      )}

      {state.status === 'loaded' && (
        <ProductGrid
          products={state.products}
          onAddToCart={(product) => void addToCart({ productId: product.id })}
          isAdding={isAdding}
        />
      )}

      <Callout title="Not sure what they would like?" action={{ to: '/gift-vouchers', label: 'Give a gift voucher' }}>
        <p>A Posy gift voucher, sent by e-mail on the morning you choose or printed at home to give by hand: they spend it on whatever is in season.</p>
      </Callout>
    </PageShell>
  );
}
