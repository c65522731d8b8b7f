import { getSupabase } from './client.js';
import { failIf } from './errors.js';
import type { NotificationOutboxRow } from './rows.js';

/** Admin: the messages queued for an order and how their delivery went, oldest first. */
export async function fetchOrderNotifications(orderId: string): Promise<NotificationOutboxRow[]> {
  const { data, error } = await getSupabase()
    .from('notification_outbox')
    .select('*')
    .eq('order_id', orderId)
    .order('created_at');
  failIf(error);
  return data as NotificationOutboxRow[];
}

// The messages staff send by hand (SMS, e-mails) are in notify.ts.
