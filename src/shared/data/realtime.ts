import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { subscribeOn, type ChangeEvent, type SubscribeOptions, type Unsubscribe } from './channels.js';
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
