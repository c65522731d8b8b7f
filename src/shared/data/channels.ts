import type { RealtimePostgresChangesPayload } from '@supabase/realtime-js';
import type { PublicDb } from './public-db.js';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE' | '*';
export type Unsubscribe = () => void;
/** SUBSCRIBED once changes flow; CHANNEL_ERROR, TIMED_OUT or CLOSED when they stopped (realtime-js retries). */
export type SubscriptionStatus = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';

export interface SubscribeOptions {
  /** A postgres_changes filter, e.g. `id=eq.42`. */
  filter?: string;
  onStatus?: (status: SubscriptionStatus) => void;
  /**
   * Called each time the channel is (re)joined: a change committed before the join, or while the
   * connection was down, sends no event, so a live screen re-reads what it shows here.
   */
  onJoin?: () => void;
}

let channelSeq = 0;

/**
 * Calls back on every change of a table the client's user may read (RLS decides what arrives).
 * Each subscription gets its own channel, so a screen mounted twice never shares one.
 */
export function subscribeOn<Row extends Record<string, unknown>>(
  db: Pick<PublicDb, 'channel' | 'removeChannel'>,
  table: string,
  event: ChangeEvent,
  onChange: (change: RealtimePostgresChangesPayload<Row>) => void,
  { filter, onStatus, onJoin }: SubscribeOptions = {},
): Unsubscribe {
  const channel = db
    .channel(`${table}-${event.toLowerCase()}-${++channelSeq}`)
    .on(
      'postgres_changes' as never,
      { event, schema: 'public', table, ...(filter ? { filter } : {}) },
      onChange as never,
    )
    .subscribe((status) => {
      onStatus?.(status as SubscriptionStatus);
      if (status === 'SUBSCRIBED') onJoin?.();
    });
  return () => void db.removeChannel(channel);
}
