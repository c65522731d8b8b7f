import { useEffect } from 'react';
import { create } from 'zustand';
import { useHydrated } from '../../shared/ui/render-clock.js';
import type { Session } from './auth.js';

type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

interface SessionState {
  status: AuthStatus;
  session: Session | null;
}

const SESSION_STORAGE_KEY = 'restaurant-shop-auth';

/** Without a stored session the visitor is signed out: no need to wait for supabase-js to say so. */
const storedSession = () => {
  try {
    return localStorage.getItem(SESSION_STORAGE_KEY) !== null;
  } catch {
    return true;
  }
};

export const useSessionStore = create<SessionState>(() => ({
  status: storedSession() ? 'loading' : 'signedOut',
  session: null,
}));

const apply = (session: Session | null) =>
  useSessionStore.setState({ session, status: session ? 'signedIn' : 'signedOut' });

/** Runs after the first paint, when the browser is idle (or at the latest after the timeout). */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

/**
 * Follows supabase-js auth events; a refresh that yields no session means signed out.
 * A signed-out visitor's first page does not wait for supabase-js: it loads when the browser is idle.
 */
export function useAuthListener(): void {
  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    const start = () =>
      import('./auth.js').then(
        ({ fetchSession, onSessionChange }) => {
          if (cancelled) return;
          fetchSession().then(apply, () => apply(null));
          unsubscribe = onSessionChange(apply);
        },
        () => apply(null),
      );
    const cancelIdle = storedSession() ? (void start(), () => {}) : whenIdle(() => void start());
    return () => {
      cancelled = true;
      cancelIdle();
      unsubscribe();
    };
  }, []);
}

/**
 * The visitor's session. A page prerendered at build time knows no visitor: it renders, and is hydrated,
 * as 'loading', then shows the saved session (or the sign-in buttons) right after.
 */
export function useSession() {
  const stored = useSessionStore();
  const hydrated = useHydrated();
  const { status, session } = hydrated ? stored : { status: 'loading' as const, session: null };
  return { status, session, user: session?.user ?? null, email: session?.user.email ?? null };
}
