import { getSupabase } from './client.js';
import { failIf } from './errors.js';
import { queryKeys } from './query-keys.js';
import { useServerQuery, type QueryOptions } from './react-query.js';
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

/** Admin: whether the customer was told anything about the order (view order_customer_notices). */
export interface CustomerNotice {
  /** When the last message about the order reached the customer; null when none did. */
  customer_notified_at: string | null;
  /** A message is queued or being sent. */
  notice_pending: boolean;
}

export async function fetchCustomerNotice(orderId: string): Promise<CustomerNotice | null> {
  const { data, error } = await getSupabase()
    .from('order_customer_notices')
    .select('customer_notified_at, notice_pending')
    .eq('order_id', orderId)
    .maybeSingle();
  failIf(error);
  return (data as CustomerNotice | null) ?? null;
}

/** Re-read when the order's status changes (a status queues a message) and while one is on its way. */
export const useCustomerNoticeQuery = (
  orderId: string,
  status: string,
  options?: QueryOptions<CustomerNotice | null>,
) => useServerQuery(queryKeys.notifications.notice(orderId, status), () => fetchCustomerNotice(orderId), options);

// The messages staff send by hand (SMS, e-mails) are in notify.ts.
