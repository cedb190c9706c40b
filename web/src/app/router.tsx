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
const WorkshopPage = lazyPage(() => import('./routes/workshop'));
const WorkshopBookingPage = lazyPage(() => import('./routes/workshop-booking'));
const WorkshopBookedPage = lazyPage(() => import('./routes/workshop-booked'));
const WorkshopWaitingListPage = lazyPage(() => import('./routes/workshop-waiting-list'));
const WorkshopBalancePage = lazyPage(() => import('./routes/workshop-balance'));
const ContactPage = lazyPage(() => import('./routes/contact'));
const PrivacyPage = lazyPage(() => import('./routes/privacy'));
const ShopPage = lazyPage(() => import('./routes/shop'));
const ProductPage = lazyPage(() => import('./routes/product'));
const CartPage = lazyPage(() => import('./routes/cart'));
const CheckoutPage = lazyPage(() => import('./routes/checkout'));
const PaymentFailedPage = lazyPage(() => import('./routes/payment-failed'));
const GiftVouchersPage = lazyPage(() => import('./routes/gift-vouchers'));
const GiftVoucherBalancePage = lazyPage(() => import('./routes/gift-voucher-balance'));
const GalleryPage = lazyPage(() => import('./routes/gallery'));
const AlbumPage = lazyPage(() => import('./routes/album'));
// Every /admin page, behind one line here (routes/admin.tsx).
const AdminPages = lazyPage(() => import('./routes/admin'));
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
        <Route path="workshops/:slug" element={<WorkshopPage />} />
        <Route path="workshops/:slug/book" element={<WorkshopBookingPage />} />
        <Route path="workshops/:slug/waiting-list" element={<WorkshopWaitingListPage />} />
        <Route path="workshops/booked/:orderId" element={<WorkshopBookedPage />} />
        <Route path="workshops/balance/:orderId" element={<WorkshopBalancePage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="shop" element={<ShopPage />} />
        <Route path="shop/:id" element={<ProductPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="checkout" element={<CheckoutPage />} />
        {/* The spec's table lists /payment-failed twice; once is enough. */}
        <Route path="payment-failed" element={<PaymentFailedPage />} />
        <Route path="gift-vouchers" element={<GiftVouchersPage />} />
        <Route path="gift-vouchers/balance" element={<GiftVoucherBalancePage />} />
        <Route path="gallery" element={<GalleryPage />} />
        <Route path="gallery/album/:albumId" element={<AlbumPage />} />
        <Route path="admin/*" element={<AdminPages />} />
        <Route path="order-confirmation/:orderId" element={<OrderConfirmationPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
