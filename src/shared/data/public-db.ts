import type { PostgrestQueryBuilder } from '@supabase/postgrest-js';
import type { RealtimeChannel, RealtimeChannelOptions } from '@supabase/realtime-js';

/**
 * What the public reads need of a client: PostgREST reads and realtime channels, as anyone may use them
 * (RLS decides what arrives). supabase-js' client is one (the admin's, tests'); the shop's visitor gets a
 * lighter one without auth, storage and functions (src/shared/data/public-client.ts) until a page needs them.
 */
export interface PublicDb {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables are not typed in this project
  from(relation: string): PostgrestQueryBuilder<any, any, any>;
  channel(name: string, opts?: RealtimeChannelOptions): RealtimeChannel;
  removeChannel(channel: RealtimeChannel): Promise<unknown>;
}

type Provider = () => PublicDb | Promise<PublicDb>;

let provider: Provider | null = null;

/**
 * Sets where the public reads get their client. `fallback`: only if none is set yet, as the data layer's
 * supabase-js client does (src/shared/data/client.ts), so that the shop's lighter client wins in the shop.
 */
export function providePublicDb(next: Provider, { fallback = false }: { fallback?: boolean } = {}): void {
  if (fallback && provider) return;
  provider = next;
}

/** The client of the public reads (menu, store settings, opening hours, offers, reviews and their channels). */
export async function publicDb(): Promise<PublicDb> {
  if (!provider)
    throw new Error(
      'No client for the public reads: load the data layer (client.ts) or the shop’s public client first.',
    );
  return provider();
}
