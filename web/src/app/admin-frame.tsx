// The back office's frame, shared by every /admin page: only a signed-in admin sees it (anyone
// else goes to the sign-in, and comes back after). It is the back office's own compact header
// (the shop's navigation and footer are left out under /admin, see root-layout.tsx): the way to
// the shop, who is signed in, the way out, and one menu of the back office's parts, Orders and
// Enquiries counting the new ones. The counts are asked again every 30 s while the tab is
// visible, and new orders are counted in the tab's title: "(2) Orders · Posy".
import { useCallback, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, Navigate, NavLink, useLocation } from 'react-router';
import { ShopHealth } from '@/components/admin/shop-health';
import { usePoll } from '@/components/admin/use-poll';
import { PageLoading } from '@/components/ui/page-loading';
import { VISITOR } from '@/features/auth/api/auth-api';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { useSession } from '@/features/auth/hooks/use-admin-flag';
import { sessionStore } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { useQuery } from '@/lib/use-query';
import '@/components/admin/admin.css';

/** What each admin page is given by the frame. */
export interface AdminPageTools {
  /** The session ended under the page: back to the sign-in. */
  signedOut: () => void;
  /** Something the menu counts may have changed: it asks again. */
  recount: () => void;
  /** The admin ended every session of their account: to the sign-in, which says so. */
  signedOutEverywhere: () => void;
}

export interface AdminFrameProps {
  title: string;
  intro: ReactNode;
  children: (tools: AdminPageTools) => ReactNode;
}

async function summary(signal: AbortSignal) {
  const { data } = await api.GET('/api/admin/summary/', { signal });
  return data ?? null;
}

export function AdminFrame({ title, intro, children }: AdminFrameProps) {
  const session = useSession();
  const { pathname, search } = useLocation();
  // Set just before the session ends, so the way out says 'You have signed out' (everywhere).
  const [signedOut, setSignedOut] = useState<false | true | 'everywhere'>(false);
  const admin = session.status !== 'unknown' && session.isAdmin;
  const counts = useQuery(admin ? 'admin-summary' : null, summary);
  const { refresh } = counts;
  const recount = useCallback(() => void refresh({ quiet: true }), [refresh]);
  usePoll(recount);
  const lost = useCallback(() => sessionStore.set(VISITOR), []);
  const everywhere = useCallback(() => {
    flushSync(() => setSignedOut('everywhere'));
    sessionStore.set(VISITOR);
  }, []);

  if (session.status === 'unknown') return <PageLoading />;
  if (!session.isAdmin) {
    return <Navigate to="/admin/login" replace state={signedOut ? { signedOut } : { from: pathname + search }} />;
  }
  const waiting = counts.status === 'loaded' ? (counts.data?.new_enquiries ?? 0) : 0;
  const newOrders = counts.status === 'loaded' ? (counts.data?.new_orders ?? 0) : 0;

  return (
    <div className="admin-frame">
      <title>{`${newOrders > 0 ? `(${newOrders}) ` : ''}${title} · Posy`}</title>
      <header className="admin-head">
        <div className="admin-head__bar spread container">
          <span className="admin-head__brand">
            Posy <span className="admin-head__where">back office</span>
          </span>
          <div className="admin-head__who">
            <Link to="/" className="admin-head__shop">
              The shop
            </Link>
            <span className="admin-head__name">
              <span className="visually-hidden">Signed in as </span>
              {session.username ?? 'the studio'}
            </span>
            <SignOutButton onSignedOut={() => flushSync(() => setSignedOut(true))} />
          </div>
        </div>
        <nav className="admin-nav container" aria-label="Back office">
          {[
            { to: '/admin/orders', label: 'Orders', waiting: newOrders },
            { to: '/admin/products', label: 'Products', waiting: 0 },
            { to: '/admin/workshops', label: 'Workshops', waiting: 0 },
            { to: '/admin/gallery', label: 'Gallery', waiting: 0 },
            { to: '/admin/enquiries', label: 'Enquiries', waiting },
            { to: '/admin/settings', label: 'Settings', waiting: 0 },
          ].map((link) => (
            <NavLink key={link.to} to={link.to} className="admin-nav__link">
              {link.label}
              {link.waiting > 0 && (
                <span className="admin-nav__count">
                  {link.waiting}
                  <span className="visually-hidden"> new</span>
                </span>
              )}
            </NavLink>
          ))}
        </nav>
      </header>
      {counts.status === 'loaded' && counts.data && (
        <ShopHealth attention={counts.data.attention} unsentMail={counts.data.unsent_mail} lastBackupAt={counts.data.last_backup_at ?? null} />
      )}
      <div className="admin-frame__body container">
        <div className="admin-frame__title">
          <h1>{title}</h1>
          {intro && <div className="admin-frame__intro">{intro}</div>}
        </div>
        {children({ signedOut: lost, recount, signedOutEverywhere: everywhere })}
      </div>
    </div>
  );
}
