import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import {
  subscribeOn,
  subscribeToTopic,
  type ChangeEvent,
  type SubscribeOptions,
  type TopicMessage,
  type Unsubscribe,
} from './channels.js';
import { getSupabase } from './client.js';
import type { PublicDb } from './public-db.js';

export type { ChangeEvent, SubscribeOptions, SubscriptionStatus, Unsubscribe } from './channels.js';

/**
 * Calls back on every change of a table the signed-in user may read (RLS decides what arrives), on the
 * app's supabase-js client. Each subscription gets its own channel, so a screen mounted twice never shares one.
 */
export function subscribeToTable<Row extends Record<string, unknown>>(
  table: string,
  event: ChangeEvent,
  onChange: (change: RealtimePostgresChangesPayload<Row>) => void,
  options: SubscribeOptions = {},
): Unsubscribe {
  return subscribeOn(getSupabase() as unknown as PublicDb, table, event, onChange, options);
}

/** What realtime.broadcast_changes sends from a trigger. */
interface BroadcastChange {
  operation: 'INSERT' | 'UPDATE' | 'DELETE';
  table: string;
  schema: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

/**
 * Calls back on every change a trigger sends to a private topic with realtime.broadcast_changes (`orders:admin`,
 * `reservations:admin`: one message per change, whatever the number of screens, no RLS per message; the policies
 * on realtime.messages decide at join who may hear it), in the shape of a Postgres Changes event.
 */
export function subscribeToChangesTopic<Row extends Record<string, unknown>>(
  topic: string,
  event: ChangeEvent,
  onChange: (change: RealtimePostgresChangesPayload<Row>) => void,
  { onStatus, onJoin }: SubscribeOptions = {},
): Unsubscribe {
  return subscribeToTopic<BroadcastChange>(
    getSupabase() as unknown as PublicDb,
    topic,
    ({ payload }: TopicMessage<BroadcastChange>) => {
      if (!payload?.operation || (event !== '*' && payload.operation !== event)) return;
      onChange({
        eventType: payload.operation,
        schema: payload.schema,
        table: payload.table,
        commit_timestamp: '',
        errors: [],
        new: payload.record ?? {},
        old: payload.old_record ?? {},
      } as RealtimePostgresChangesPayload<Row>);
    },
    { onStatus, onJoin },
  );
}
