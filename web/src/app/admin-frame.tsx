// The back office's frame, shared by every /admin page: only a signed-in admin sees it (anyone
// else goes to the sign-in, and comes back after), with who is signed in, the way out, and one
// menu of the back office's parts, Orders and Enquiries counting the new ones.
import { useCallback, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, NavLink, useLocation } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
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
    <PageShell title={title} eyebrow="Admin" intro={intro}>
      <div className="admin-frame__top">
        <nav className="admin-nav" aria-label="Back office">
          <NavLink to="/admin/orders" className="admin-nav__link">
            Orders
            {newOrders > 0 && (
              <span className="admin-nav__count">
                {newOrders}
                <span className="visually-hidden"> new</span>
              </span>
            )}
          </NavLink>
          <NavLink to="/admin/products" className="admin-nav__link">
            Products
          </NavLink>
          <NavLink to="/admin/gallery" className="admin-nav__link">
            Gallery
          </NavLink>
          <NavLink to="/admin/enquiries" className="admin-nav__link">
            Enquiries
            {waiting > 0 && (
              <span className="admin-nav__count">
                {waiting}
                <span className="visually-hidden"> new</span>
              </span>
            )}
          </NavLink>
          <NavLink to="/admin/settings" className="admin-nav__link">
            Settings
          </NavLink>
        </nav>
        <div className="admin-bar">
          <span>Signed in as {session.username ?? 'the studio'}</span>
          <SignOutButton onSignedOut={() => flushSync(() => setSignedOut(true))} />
        </div>
      </div>
      {children({ signedOut: lost, recount, signedOutEverywhere: everywhere })}
    </PageShell>
  );
}
