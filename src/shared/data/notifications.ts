import { useQuery } from '@tanstack/react-query';
import { getSupabase } from './client.js';
import { failIf } from './errors.js';
import { invokeFunction } from './functions.js';
import { queryKeys } from './query-keys.js';
import type { NotificationOutboxRow } from './rows.js';

/** Admin: the messages queued for an order and how their delivery went, oldest first. */
export async function fetchOrderNotifications(orderId: string): Promise<NotificationOutboxRow[]> {
  const { data, error } = await getSupabase().from('notification_outbox').select('*').eq('order_id', orderId).order('created_at');
  failIf(error);
  return data as NotificationOutboxRow[];
}

export function useOrderNotificationsQuery(orderId: string) {
  return useQuery({ queryKey: queryKeys.notifications.byOrder(orderId), queryFn: () => fetchOrderNotifications(orderId) });
}

// Messages the admin sends by hand (the functions check the caller is an admin).
export const sendSms = (to: string, body: string) => invokeFunction('send-sms-notification', { to, body });
export const sendCustomEmail = (recipientEmail: string, subject: string, htmlContent: string) =>
  invokeFunction('send-custom-email', { recipientEmail, subject, htmlContent });
export const sendBulkEmail = (recipientEmails: string[], subject: string, htmlContent: string) =>
  invokeFunction('send-bulk-email', { recipientEmails, subject, htmlContent });
