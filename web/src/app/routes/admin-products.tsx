import { Products } from '@/features/admin-products/components/products';
import { AdminFrame } from '../admin-frame';

export default function AdminProductsPage() {
  return (
    <AdminFrame title="Products" intro={<p>Prices, stock and what is on sale; changes show in the shop at once.</p>}>
      {({ signedOut }) => <Products onSignedOut={signedOut} />}
    </AdminFrame>
  );
}
