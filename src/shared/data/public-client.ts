import { PostgrestClient } from '@supabase/postgrest-js';
import { RealtimeClient, type RealtimeClientOptions } from '@supabase/realtime-js';
import type { AppEnv } from './env.js';
import type { PublicDb } from './public-db.js';

/**
 * A client for the public reads alone: PostgREST and realtime as the anonymous visitor, the same requests
 * and channel joins supabase-js makes without a session (the apikey, and the anon key as bearer), at a third
 * of its code: a visitor who only reads the menu does not load auth, storage and functions.
 */
export function createPublicClient(
  env: Pick<AppEnv, 'SUPABASE_URL' | 'SUPABASE_ANON_KEY'>,
  { transport }: { transport?: RealtimeClientOptions['transport'] } = {},
): PublicDb {
  const key = env.SUPABASE_ANON_KEY;
  if (!key)
    throw new Error(
      'Supabase configuration missing: SUPABASE_ANON_KEY is not set (/env.js or VITE_SUPABASE_ANON_KEY).',
    );
  const base = new URL(env.SUPABASE_URL.endsWith('/') ? env.SUPABASE_URL : `${env.SUPABASE_URL}/`);
  const rest = new PostgrestClient(new URL('rest/v1', base).href, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
  });
  const socketUrl = new URL('realtime/v1', base);
  socketUrl.protocol = socketUrl.protocol.replace('http', 'ws');
  const realtime = new RealtimeClient(socketUrl.href, {
    params: { apikey: key },
    accessToken: async () => key,
    ...(transport ? { transport } : {}),
  });
  return {
    from: (relation) => rest.from(relation),
    channel: (name, opts) => realtime.channel(name, opts),
    removeChannel: (channel) => realtime.removeChannel(channel),
  };
}
