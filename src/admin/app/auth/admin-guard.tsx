import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession, useSignOutToLogin } from './session.js';
import { useT } from '../../i18n/index.js';
import { FullPageSpinner } from '../../components/ui/spinner.js';
import { Button } from '../../components/ui/button.js';

export function AdminGuard({ children }: { children: ReactNode }) {
  const state = useSession();
  const location = useLocation();
  const signOutToLogin = useSignOutToLogin();
  const t = useT();

  if (state.status === 'loading') return <FullPageSpinner label={t('common.loading')} />;
  if (state.status === 'signed-out') return <Navigate to="/login" replace state={{ from: location }} />;
  // The password was right but the second factor is still to be given: the sign-in page asks for the code.
  if (state.isAdmin && state.needsCode) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!state.isAdmin) {
    return (
      <div className="flex min-h-full items-center justify-center p-6">
        <div role="alert" className="max-w-md rounded-2xl border-2 border-red-700 bg-white p-8 text-center shadow-xl">
          <h1 className="text-2xl font-bold text-red-800">{t('guard.refusedTitle')}</h1>
          <p className="mt-3 text-lg">{t('guard.refusedBody', { email: state.session.user.email ?? '' })}</p>
          <Button variant="danger" className="mt-6 w-full" onClick={signOutToLogin}>
            {t('sidebar.signOut')}
          </Button>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}
