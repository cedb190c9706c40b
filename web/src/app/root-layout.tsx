import { Suspense, lazy, type ComponentType } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavBar } from '@/components/layout/nav-bar';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import type { SiteFacts } from '@/components/ui/studio-facts';
import { useAdminFlag } from '@/features/auth/hooks/use-admin-flag';
import { useCartCount } from '@/features/cart/stores/cart-context';
import { useSite } from '@/features/site/hooks/use-site';
import { usePageHydrated } from '@/lib/hydrated';
import './root-layout.css';

// The footer starts below the fold (the page keeps the screen's height), so it is not needed
// for the first paint: it arrives in its own chunk beside the page's. Should its code not
// arrive, the page goes on without it.
const Footer = lazy<ComponentType<{ site: SiteFacts | null }>>(() =>
  import('@/components/layout/footer').then(
    ({ Footer }) => ({ default: Footer }),
    (cause: unknown) => {
      console.error('Could not load the footer', cause);
      return { default: () => null };
    },
  ),
);

/**
 * The back office's pages (/admin and under it, but not its sign-in) have their own compact
 * header (app/admin-frame.tsx) in place of the shop's navigation and footer: on a phone in the
 * van, the day's work comes first.
 */
export function inBackOffice(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathname) && !/^\/admin\/login\/?$/.test(pathname);
}

/** The frame of every page: skip link, navigation bar, the page, footer; the studio's facts are read here once for both. */
export function RootLayout() {
  const { pathname } = useLocation();
  const shopFrame = !inBackOffice(pathname);
  const site = useSite();
  const cartCount = useCartCount();
  const isAdmin = useAdminFlag();
  // A page the server drew can be read at once, but its buttons and fields work only once React
  // has taken it over: until then they are disabled, so nothing typed or pressed is lost (a
  // form sent by the browser itself, a press that does nothing).
  const ready = usePageHydrated();
  return (
    <>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <fieldset className="page-frame" disabled={!ready}>
        {shopFrame && <NavBar site={site} cartCount={cartCount} isAdmin={isAdmin} />}
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        {shopFrame && (
          <Suspense fallback={null}>
            <Footer site={site} />
          </Suspense>
        )}
      </fieldset>
    </>
  );
}
