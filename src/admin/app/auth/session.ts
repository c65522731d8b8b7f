import { create } from 'zustand';
import type { Session } from '@supabase/supabase-js';
import { getSupabase } from '../../../shared/data/client.js';

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
  getSupabase().auth.onAuthStateChange((_event, session) => {
    useSession.setState(
      session ? { status: 'signed-in', session, isAdmin: isAdminSession(session) } : { status: 'signed-out' },
      true,
    );
  });
}

export async function signIn(email: string, password: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const { error } = await getSupabase().auth.signInWithPassword({ email, password });
  return error ? { ok: false, message: error.message } : { ok: true };
}

export async function signOut(): Promise<void> {
  await getSupabase().auth.signOut();
  useSession.setState({ status: 'signed-out' }, true);
}
