import { Outlet } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { NavBar } from '@/components/layout/nav-bar';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { useAdminFlag } from '@/features/auth/hooks/use-admin-flag';
import { useCartCount } from '@/features/cart/stores/cart-context';
import { useSite } from '@/features/site/hooks/use-site';
import { useHydrated } from '@/lib/hydrated';
import './root-layout.css';

/** The frame of every page: skip link, navigation bar, the page, footer; the studio's facts are read here once for both. */
export function RootLayout() {
  const site = useSite();
  const cartCount = useCartCount();
  const isAdmin = useAdminFlag();
  // A page the server drew can be read at once, but its buttons and fields work only once React
  // has taken it over: until then they are disabled, so nothing typed or pressed is lost (a
  // form sent by the browser itself, a press that does nothing).
  const ready = useHydrated();
  return (
    <>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <fieldset className="page-frame" disabled={!ready}>
        <NavBar site={site} cartCount={cartCount} isAdmin={isAdmin} />
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer site={site} />
      </fieldset>
    </>
  );
}
