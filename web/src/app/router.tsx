import { Route, Routes } from 'react-router';
import { lazyPage } from './lazy-page';
import { RootLayout } from './root-layout';

// Every route of the spec's table, each page in its own chunk.
const HomePage = lazyPage(() => import('./routes/home'));
const AboutPage = lazyPage(() => import('./routes/about'));
const EventsPage = lazyPage(() => import('./routes/events'));
const WeddingsPage = lazyPage(() => import('./routes/weddings'));
const FuneralsPage = lazyPage(() => import('./routes/funerals'));
const WorkshopsPage = lazyPage(() => import('./routes/workshops'));
const ContactPage = lazyPage(() => import('./routes/contact'));
const ShopPage = lazyPage(() => import('./routes/shop'));
const ProductPage = lazyPage(() => import('./routes/product'));
const CartPage = lazyPage(() => import('./routes/cart'));
const CheckoutPage = lazyPage(() => import('./routes/checkout'));
const PaymentFailedPage = lazyPage(() => import('./routes/payment-failed'));
const GalleryPage = lazyPage(() => import('./routes/gallery'));
const AlbumPage = lazyPage(() => import('./routes/album'));
const AdminGalleryPage = lazyPage(() => import('./routes/admin-gallery'));
const AdminLoginPage = lazyPage(() => import('./routes/admin-login'));
const AdminEnquiriesPage = lazyPage(() => import('./routes/admin-enquiries'));
const AdminProductsPage = lazyPage(() => import('./routes/admin-products'));
const AdminSettingsPage = lazyPage(() => import('./routes/admin-settings'));
// The orders pages share one chunk (and one line here), so the shopper's first load barely notices
// them. The back office opens on them after signing in (admin-login.tsx); /admin itself is no page.
const AdminOrdersPages = lazyPage(() => import('./routes/admin-orders'));
const OrderConfirmationPage = lazyPage(() => import('./routes/order-confirmation'));
const NotFoundPage = lazyPage(() => import('./routes/not-found'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="about" element={<AboutPage />} />
        {/* The footer links to /events; the spec registers no page there, so this one is ours. */}
        <Route path="events" element={<EventsPage />} />
        <Route path="weddings" element={<WeddingsPage />} />
        <Route path="funerals" element={<FuneralsPage />} />
        <Route path="workshops" element={<WorkshopsPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="shop" element={<ShopPage />} />
        <Route path="shop/:id" element={<ProductPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="checkout" element={<CheckoutPage />} />
        {/* The spec's table lists /payment-failed twice; once is enough. */}
        <Route path="payment-failed" element={<PaymentFailedPage />} />
        <Route path="gallery" element={<GalleryPage />} />
        <Route path="gallery/album/:albumId" element={<AlbumPage />} />
        <Route path="admin/orders/*" element={<AdminOrdersPages />} />
        <Route path="admin/gallery" element={<AdminGalleryPage />} />
        <Route path="admin/login" element={<AdminLoginPage />} />
        <Route path="admin/enquiries" element={<AdminEnquiriesPage />} />
        <Route path="admin/products" element={<AdminProductsPage />} />
        {/* Settings and its Admins tab: one lazy page, so the shopper's route table does not grow. */}
        <Route path="admin/settings/*" element={<AdminSettingsPage />} />
        <Route path="order-confirmation/:orderId" element={<OrderConfirmationPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
