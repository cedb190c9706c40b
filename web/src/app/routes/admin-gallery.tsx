import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { PageLoading } from '@/components/ui/page-loading';
import { VISITOR } from '@/features/auth/api/auth-api';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { useSession } from '@/features/auth/hooks/use-admin-flag';
import { sessionStore } from '@/features/auth/stores/session-store';
import { AdminGallery } from '@/features/gallery/components/admin/admin-gallery';

export default function AdminGalleryPage() {
  const session = useSession();
  // Set just before the session ends, so the way out says 'You have signed out'.
  const [signedOut, setSignedOut] = useState(false);

  if (session.status === 'unknown') return <PageLoading />;
  if (!session.isAdmin) return <Navigate to="/admin/login" replace state={signedOut ? { signedOut } : { from: '/admin/gallery' }} />;

  return (
    <PageShell title="Manage Gallery" eyebrow="Admin" intro={<p>Create albums, upload pictures and videos, and put them in order.</p>}>
      <div className="admin-bar">
        <span>Signed in as {session.username ?? 'the studio'}</span>
        <SignOutButton onSignedOut={() => flushSync(() => setSignedOut(true))} />
      </div>
      <AdminGallery onSignedOut={() => sessionStore.set(VISITOR)} />
    </PageShell>
  );
}
