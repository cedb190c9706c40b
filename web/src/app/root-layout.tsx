import { Outlet } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { NavBar } from '@/components/layout/nav-bar';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { useAdminFlag } from '@/features/auth/hooks/use-admin-flag';
import { useCartCount } from '@/features/cart/stores/cart-context';

/** The frame of every page: skip link, navigation bar, the page, footer. */
export function RootLayout() {
  const cartCount = useCartCount();
  const isAdmin = useAdminFlag();
  return (
    <>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar cartCount={cartCount} isAdmin={isAdmin} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
