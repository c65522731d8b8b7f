import { useNavigate } from 'react-router-dom';
import { create } from 'zustand';
import { onSessionChange, signIn as signInToServer, signOut as signOutOfServer, type Session } from '../../lib/data.js';

export type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; session: Session; isAdmin: boolean };

/** Admin is decided by app_metadata only: user_metadata is writable by the user. */
export function isAdminSession(session: Session): boolean {
  return (session.user.app_metadata as { role?: unknown } | undefined)?.role === 'admin';
}

export const useSession = create<SessionState>(() => ({ status: 'loading' }));

let started = false;

export function watchSession(): void {
  if (started) return;
  started = true;
  onSessionChange((session) => {
    useSession.setState(
      session ? { status: 'signed-in', session, isAdmin: isAdminSession(session) } : { status: 'signed-out' },
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
