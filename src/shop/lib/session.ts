import { useEffect } from 'react';
import { create } from 'zustand';
import { useHydrated } from '../../shared/ui/render-clock.js';
import type { Session } from '../../shared/data/auth.js';

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

let following = false;

/**
 * Follows supabase-js' auth events from now on, for the whole visit: called by ./auth.ts when it loads (a
 * sign-in, a sign-up, an account page) and by useAuthListener. A refresh that yields no session means signed out.
 */
export function followAuth(auth: {
  fetchSession: () => Promise<Session | null>;
  onSessionChange: (onChange: (session: Session | null) => void) => unknown;
}): void {
  if (following) return;
  following = true;
  auth.fetchSession().then(apply, () => apply(null));
  auth.onSessionChange(apply);
}

/** A link from an e-mail (confirmation, password reset) brings its session in the address: supabase-js reads it. */
const authInAddress = () => /(?:^|[#&?])(?:access_token|error_description|code)=/.test(location.hash + location.search);

/**
 * Loads auth (supabase-js) only when there is a session to follow: one saved, one in the address, or one saved
 * by another tab (a `storage` event). A signed-out visitor's pages never load it; signing in here loads it
 * through ./auth.ts, which starts following.
 */
export function useAuthListener(): void {
  useEffect(() => {
    const start = () => void import('./auth.js').catch(() => apply(null));
    if (storedSession() || authInAddress()) return start();
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY && event.newValue) start();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
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
