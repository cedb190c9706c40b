import { Navigate, useLocation, useNavigate } from 'react-router';
import { PageShell } from '@/components/layout/page-shell';
import { LoginForm } from '@/features/auth/components/login-form';
import { useSession } from '@/features/auth/hooks/use-admin-flag';

export default function AdminLoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const { state } = useLocation() as { state: { signedOut?: boolean | 'everywhere'; from?: string } | null };
  // Back to the admin page that sent the admin here; the day's work otherwise.
  const back = state?.from?.startsWith('/admin/') && !state.from.startsWith('/admin/login') ? state.from : '/admin/orders';

  // Just signed out: the session is ending as this page opens, so no going back.
  if (session.status === 'known' && session.isAdmin && !state?.signedOut) return <Navigate to={back} replace />;

  return (
    <PageShell title="Sign in" eyebrow="Admin" intro={<p>For the studio’s team: sign in to manage the gallery and answer enquiries.</p>}>
      {state?.signedOut && (
        <p className="notice admin-login__note" role="status">
          {state.signedOut === 'everywhere' ? 'You have signed out everywhere: every session of your account has ended.' : 'You have signed out. See you next time.'}
        </p>
      )}
      <LoginForm onSignedIn={() => navigate(back, { replace: true })} />
    </PageShell>
  );
}
