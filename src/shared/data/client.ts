import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** Runtime configuration: served as /env.js by the embedded backend, or baked in at build time for hosting. */
export interface AppEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  GOOGLE_MAPS_API_KEY?: string;
  REVIEWS_WIDGET_SRC?: string;
  MAILBOX_URL?: string;
}

declare global {
  interface Window {
    __ENV__?: Partial<AppEnv>;
  }
}

export function appEnv(): AppEnv {
  const fromWindow = typeof window !== 'undefined' ? (window.__ENV__ ?? {}) : {};
  const fromBuild = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env ?? {};
  const url =
    fromWindow.SUPABASE_URL ||
    fromBuild.VITE_SUPABASE_URL ||
    (typeof window !== 'undefined' ? window.location.origin : '');
  const key = fromWindow.SUPABASE_ANON_KEY || fromBuild.VITE_SUPABASE_ANON_KEY || '';
  return {
    ...fromWindow,
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: key,
    GOOGLE_MAPS_API_KEY: fromWindow.GOOGLE_MAPS_API_KEY || fromBuild.VITE_GOOGLE_MAPS_API_KEY || undefined,
    REVIEWS_WIDGET_SRC: fromWindow.REVIEWS_WIDGET_SRC || fromBuild.VITE_REVIEWS_WIDGET_SRC || undefined,
  };
}

let client: SupabaseClient | null = null;
let storageKey = 'restaurant-auth';

/**
 * Shop and admin share one origin; each keeps its own session so that signing in at the
 * counter never signs a customer in or out. Call once at start-up, before getSupabase().
 */
export function configureSupabase(options: { app: 'shop' | 'admin' }): void {
  storageKey = `restaurant-${options.app}-auth`;
}

/** The one supabase-js client of the running app (shop, admin or kiosk renderer). */
export function getSupabase(): SupabaseClient {
  if (!client) {
    const env = appEnv();
    if (!env.SUPABASE_ANON_KEY)
      throw new Error(
        'Supabase configuration missing: SUPABASE_ANON_KEY is not set (/env.js or VITE_SUPABASE_ANON_KEY).',
      );
    client = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey },
    });
  }
  return client;
}

/** Every row of `table` the user may read, newest first (the admin's lists); filters chain on. */
export function newestFirst(table: string) {
  return getSupabase().from(table).select('*').order('created_at', { ascending: false });
}

/** For tests and the kiosk, which may point the app at another backend. */
export function setSupabase(next: SupabaseClient | null): void {
  client = next;
}
