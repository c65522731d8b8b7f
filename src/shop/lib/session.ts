import { useEffect } from 'react';
import { create } from 'zustand';
import type { Session } from '@supabase/supabase-js';

type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

interface SessionState {
  status: AuthStatus;
  session: Session | null;
}

export const useSessionStore = create<SessionState>(() => ({ status: 'loading', session: null }));

const apply = (session: Session | null) => useSessionStore.setState({ session, status: session ? 'signedIn' : 'signedOut' });

/**
 * Follows supabase-js auth events; a refresh that yields no session means signed out.
 * The client is loaded after first paint to keep the first route small.
 */
export function useAuthListener(): void {
  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    import('../../shared/data/client.js').then(({ getSupabase }) => {
      if (cancelled) return;
      const auth = getSupabase().auth;
      auth.getSession().then(({ data }) => apply(data.session), () => apply(null));
      const { data } = auth.onAuthStateChange((_event, session) => apply(session));
      unsubscribe = () => data.subscription.unsubscribe();
    }, () => apply(null));
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, []);
}

export function useSession() {
  const { status, session } = useSessionStore();
  return { status, session, user: session?.user ?? null, email: session?.user.email ?? null };
}
