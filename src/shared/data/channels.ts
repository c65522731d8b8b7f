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

/** A message of a private Broadcast topic: its event and what the database sent. */
export interface TopicMessage<Payload = Record<string, unknown>> {
  event: string;
  payload: Payload;
}

interface TopicListener {
  onMessage: (message: TopicMessage<never>) => void;
  onStatus?: (status: SubscriptionStatus) => void;
  onJoin?: () => void;
}

interface TopicChannel {
  channel: ReturnType<PublicDb['channel']>;
  listeners: Set<TopicListener>;
  status: SubscriptionStatus | null;
  /** Set when the last listener left: the channel is left a moment later, unless one comes back. */
  linger?: ReturnType<typeof setTimeout>;
  /** Set once the channel is being left: a new listener waits for it, then joins a new channel. */
  leaving?: Promise<unknown>;
}

/** How long a topic's channel stays joined after its last listener left (a screen mounted again keeps it). */
export const TOPIC_LINGER_MS = 1000;

/** One channel per client and topic: realtime-js hands back the same channel for a topic it still holds. */
const topicChannels = new WeakMap<object, Map<string, TopicChannel>>();

function joinTopic(db: Pick<PublicDb, 'channel' | 'removeChannel'>, topic: string, byTopic: Map<string, TopicChannel>) {
  const listeners = new Set<TopicListener>();
  const channel = db.channel(topic, { config: { private: true } }).on('broadcast', { event: '*' }, (message) => {
    for (const l of listeners) l.onMessage(message as never);
  });
  const shared: TopicChannel = { channel, listeners, status: null };
  byTopic.set(topic, shared);
  channel.subscribe((status) => {
    shared.status = status as SubscriptionStatus;
    for (const l of [...listeners]) {
      l.onStatus?.(status as SubscriptionStatus);
      if (status === 'SUBSCRIBED') l.onJoin?.();
    }
  });
  return shared;
}

/**
 * Calls back on every message of a private Broadcast topic (`orders:admin`, `order:<id>`…), fed by the
 * database's triggers; the policies on realtime.messages decide at join who may hear it (refused: CHANNEL_ERROR).
 * Listeners of one topic on one client share its channel; `onJoin` runs on each (re)join, and at once for a
 * listener added to a channel already joined, so every screen makes its catch-up read.
 */
export function subscribeToTopic<Payload = Record<string, unknown>>(
  db: Pick<PublicDb, 'channel' | 'removeChannel'>,
  topic: string,
  onMessage: (message: TopicMessage<Payload>) => void,
  { onStatus, onJoin }: Pick<SubscribeOptions, 'onStatus' | 'onJoin'> = {},
): Unsubscribe {
  let byTopic = topicChannels.get(db);
  if (!byTopic) topicChannels.set(db, (byTopic = new Map()));
  const topics = byTopic;
  const listener: TopicListener = { onMessage: onMessage as TopicListener['onMessage'], onStatus, onJoin };
  let stopped = false;
  let mine: TopicChannel | null = null;
  const attach = () => {
    if (stopped) return;
    const found = topics.get(topic);
    if (found?.leaving) return void found.leaving.then(attach);
    if (found) {
      clearTimeout(found.linger);
      found.linger = undefined;
      found.listeners.add(listener);
      mine = found;
      if (found.status) onStatus?.(found.status);
      if (found.status === 'SUBSCRIBED') onJoin?.();
      return;
    }
    mine = joinTopic(db, topic, topics);
    mine.listeners.add(listener);
  };
  attach();
  return () => {
    stopped = true;
    const shared = mine;
    if (!shared || !shared.listeners.delete(listener) || shared.listeners.size > 0) return;
    shared.linger = setTimeout(() => {
      if (shared.listeners.size > 0) return;
      shared.leaving = db.removeChannel(shared.channel).finally(() => {
        if (topics.get(topic) === shared) topics.delete(topic);
      });
    }, TOPIC_LINGER_MS);
  };
}

/** subscribeToTopic on the public reads' client: a shop page's private topic, joined with the anon key. */
export function subscribeToPublicTopic<Payload = Record<string, unknown>>(
  topic: string,
  onMessage: (message: TopicMessage<Payload>) => void,
  options: Pick<SubscribeOptions, 'onStatus' | 'onJoin'> = {},
): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe = () => {};
  publicDb().then(
    (db) => {
      if (!stopped) stop = subscribeToTopic(db, topic, onMessage, options);
    },
    () => {
      if (!stopped) options.onStatus?.('CHANNEL_ERROR');
    },
  );
  return () => {
    stopped = true;
    stop();
  };
}
