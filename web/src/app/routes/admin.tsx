import { Navigate, Route, Routes } from 'react-router';
import { lazyPage } from '../lazy-page';
import NotFoundPage from './not-found';

// The back office's pages behind one line of the shopper's route table (router.tsx), so the
// shopper's first JavaScript does not grow with them; each page is still a chunk of its own.
const AdminOrdersPages = lazyPage(() => import('./admin-orders'));
const AdminGalleryPage = lazyPage(() => import('./admin-gallery'));
const AdminLoginPage = lazyPage(() => import('./admin-login'));
const AdminEnquiriesPage = lazyPage(() => import('./admin-enquiries'));
const AdminProductsPage = lazyPage(() => import('./admin-products'));
const AdminSettingsPage = lazyPage(() => import('./admin-settings'));
const AdminMailPage = lazyPage(() => import('./admin-mail'));
const AdminWorkshopsPages = lazyPage(() => import('./admin-workshops'));

/** Everything under /admin. The back office opens on Orders, from /admin as from the sign-in
 * (admin-login.tsx); a visitor is sent on from the orders to the sign-in and back by their frame. */
export default function AdminPages() {
  return (
    <Routes>
      {/* /admin is the address the florist types: the day's work, never "Page not found". */}
      <Route index element={<Navigate to="orders" replace />} />
      <Route path="orders/*" element={<AdminOrdersPages />} />
      <Route path="gallery" element={<AdminGalleryPage />} />
      <Route path="login" element={<AdminLoginPage />} />
      <Route path="enquiries" element={<AdminEnquiriesPage />} />
      <Route path="products" element={<AdminProductsPage />} />
      <Route path="settings/*" element={<AdminSettingsPage />} />
      <Route path="mail" element={<AdminMailPage />} />
      <Route path="workshops/*" element={<AdminWorkshopsPages />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
