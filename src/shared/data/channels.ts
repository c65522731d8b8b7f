import type { RealtimePostgresChangesPayload } from '@supabase/realtime-js';
import { publicDb, type PublicDb } from './public-db.js';

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

/** How long subscribeToPublicTable waits before asking again for a client that could not load, at most. */
export const PUBLIC_CLIENT_RETRY_MS = [2000, 5000, 15000, 60000] as const;

/**
 * subscribeOn the public reads' client (publicDb(): the shop's light client, supabase-js' in the admin), for the
 * tables anyone may read: one socket for them all in the shop. The client may still be loading: stopped before
 * it is there, nothing is subscribed. If it cannot load (its code did not arrive), the status says CHANNEL_ERROR
 * and it is asked for again, later and later (PUBLIC_CLIENT_RETRY_MS), until it comes or the subscription stops.
 */
export function subscribeToPublicTable<Row extends Record<string, unknown>>(
  table: string,
  event: ChangeEvent,
  onChange: (change: RealtimePostgresChangesPayload<Row>) => void,
  options: SubscribeOptions = {},
): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe = () => {};
  let retry: ReturnType<typeof setTimeout> | undefined;
  const attempt = (failures: number) =>
    publicDb().then(
      (db) => {
        if (!stopped) stop = subscribeOn(db, table, event, onChange, options);
      },
      () => {
        if (stopped) return;
        options.onStatus?.('CHANNEL_ERROR');
        const wait = PUBLIC_CLIENT_RETRY_MS[Math.min(failures, PUBLIC_CLIENT_RETRY_MS.length - 1)];
        retry = setTimeout(() => void attempt(failures + 1), wait);
      },
    );
  void attempt(0);
  return () => {
    stopped = true;
    clearTimeout(retry);
    stop();
  };
}
