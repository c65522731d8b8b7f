import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { appEnv } from './env.js';
import { providePublicDb, type PublicDb } from './public-db.js';

export { appEnv, type AppEnv } from './env.js';

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

// The public reads use this client unless the app gave them a lighter one (the shop: src/shop/lib/public-client.ts).
providePublicDb(() => getSupabase() as unknown as PublicDb, { fallback: true });

/** Every row of `table` the user may read, newest first (the admin's lists); filters chain on. */
export function newestFirst(table: string) {
  return getSupabase().from(table).select('*').order('created_at', { ascending: false });
}

/** For tests and the kiosk, which may point the app at another backend. */
export function setSupabase(next: SupabaseClient | null): void {
  client = next;
}
