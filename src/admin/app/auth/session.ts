import { useNavigate } from 'react-router-dom';
import { create } from 'zustand';
import { staffRoleOf, type StaffRole } from '../../../shared/domain/staff-roles.js';
import { onSessionChange, signIn as signInToServer, signOut as signOutOfServer, type Session } from '../../lib/data.js';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; session: Session; isAdmin: boolean; needsCode: boolean; role: StaffRole | null };

/** The back-office role, from app_metadata only: user_metadata is writable by the user. */
export function sessionRole(session: Session): StaffRole | null {
  return staffRoleOf((session.user.app_metadata as { role?: unknown } | undefined)?.role);
}

/**
 * The person has a verified second factor (TOTP) but this session passed only the password (aal1): the
 * sign-in page asks for the 6-digit code, and the database refuses every back-office call until then.
 */
export function needsSecondFactor(session: Session): boolean {
  const verified = (session.user.factors ?? []).some((f) => f.status === 'verified');
  if (!verified) return false;
  try {
    const payload = JSON.parse(atob(session.access_token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      aal?: string;
    };
    return payload.aal !== 'aal2';
  } catch {
    return true;
  }
}

/** Any back-office role opens the admin; each screen then asks for its level (nav-items.ts). */
export function isAdminSession(session: Session): boolean {
  return sessionRole(session) !== null;
}

/** The signed-in member's role (null until signed in). */
export const useStaffRole = (): StaffRole | null => useSession((s) => (s.status === 'signed-in' ? s.role : null));

export const useSession = create<SessionState>(() => ({ status: 'loading' }));

let started = false;

export function watchSession(): void {
  if (started) return;
  started = true;
  onSessionChange((session) => {
    useSession.setState(
      session
        ? {
            status: 'signed-in',
            session,
            isAdmin: isAdminSession(session),
            needsCode: needsSecondFactor(session),
            role: sessionRole(session),
          }
        : { status: 'signed-out' },
      true,
    );
  });
}

export async function signIn(email: string, password: string): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await signInToServer({ email, password });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export async function signOut(): Promise<void> {
  // As before: signed out on this screen even when the server could not be told.
  await signOutOfServer().catch((e: unknown) => console.warn('Sign-out not confirmed by the server:', e));
  useSession.setState({ status: 'signed-out' }, true);
}

/** Signs out, then shows the login page in place of this one (the sidebar, the refused screen). */
export function useSignOutToLogin(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await signOut();
    navigate('/login', { replace: true });
  };
}
