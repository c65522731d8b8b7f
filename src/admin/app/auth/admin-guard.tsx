import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useSession, useSignOutToLogin, useStaffRole } from './session.js';
import { screenAllowed } from '../layout/screen-levels.js';
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

/**
 * A screen above the member's role (a staff member typing /admin/reports) shows « sem acesso » instead of the
 * screen; its data would be refused by the database anyway.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const role = useStaffRole();
  const { pathname } = useLocation();
  const t = useT();
  if (screenAllowed(role, pathname)) return <>{children}</>;
  return (
    <div className="flex items-center justify-center p-6">
      <div
        role="alert"
        data-testid="no-access"
        className="max-w-md rounded-2xl border-2 border-amber-600 bg-white p-8 text-center shadow-xl"
      >
        <h1 className="text-2xl font-bold text-amber-800">{t('guard.noAccessTitle')}</h1>
        <p className="mt-3 text-lg">{t('guard.noAccessBody', { role: role ? t(`role.${role}`) : '' })}</p>
        <Link
          to="/dashboard"
          className="mt-6 inline-flex min-h-12 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white"
        >
          {t('guard.backToDashboard')}
        </Link>
      </div>
    </div>
  );
}
