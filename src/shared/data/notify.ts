import type { OrderStatus } from '../domain/order-status.js';
import { useServerMutation, type MutationOptions } from './react-query.js';
import { invokeFunction } from './functions.js';

/** Typed calls to the notification Edge Functions (supabase/functions). All but sendOrderConfirmation need an admin. */

export interface SentMessage {
  success: true;
  id: string;
  provider: string;
}

export interface SentSms extends SentMessage {
  /** The number as it was sent, in E.164 (+352… when typed without a country code). */
  to: string;
}

export interface BulkResult {
  sent: number;
  failed: { email: string; error: string }[];
}

export interface QueuedNotification {
  id: string;
  kind: 'order_confirmation' | 'order_status';
  /** `sent`, or `pending` waiting for a retry when the provider failed (the dispatcher keeps trying). */
  status: 'pending' | 'sending' | 'sent' | 'failed';
  /** Admin answers only (notify-order-status-change): how delivery went so far. */
  attempts?: number;
  last_error?: string | null;
}

export interface NotificationResult {
  orderId: string;
  notification: QueuedNotification;
}

export interface RegisteredUser {
  id: string;
  email: string;
  created_at: string;
  last_sign_in_at: string | null;
  email_confirmed_at: string | null;
}

export const MAX_BULK_RECIPIENTS = 1000;

export const getUsers = async (): Promise<RegisteredUser[]> =>
  (await invokeFunction<{ users: RegisteredUser[] }>('get-users')).users;

export const sendSms = (to: string, body: string) => invokeFunction<SentSms>('send-sms-notification', { to, body });

/** The order's notify dialog: plain text, the function escapes it and turns newlines into line breaks. */
export const sendPlainEmail = (to: string, subject: string, message: string) =>
  invokeFunction<SentMessage>('send-custom-email', { to, subject, message });

/**
 * A promotion (plain text, sent escaped), one message per consenting address with its unsubscribe link:
 * `'all'` = every address that consented (guests included, each inbox once); a list = those of them that consented,
 * the others back in `failed`.
 */
export const sendPromotion = (recipients: 'all' | string[], subject: string, message: string) =>
  invokeFunction<BulkResult>(
    'send-bulk-email',
    recipients === 'all' ? { audience: 'all', subject, message } : { recipientEmails: recipients, subject, message },
  );

/** Delivers now the confirmation the database queued with the order; calling it twice sends one e-mail. */
export const sendOrderConfirmation = (orderId: string) =>
  invokeFunction<NotificationResult>('send-order-confirmation', { orderId });

/** Delivers now the status e-mail queued when the order's status was updated. */
export const notifyOrderStatusChange = (orderId: string, newStatus: OrderStatus) =>
  invokeFunction<NotificationResult>('notify-order-status-change', { orderId, newStatus });

/** A message to the customer of an order or reservation (other addresses are refused). */
export const sendOrderFeedback = (to: string, subject: string, html: string) =>
  invokeFunction<SentMessage>('send-order-feedback', { to, subject, html });

const smsTo = (v: { to: string; body: string }) => sendSms(v.to, v.body);
const plainEmailTo = (v: { to: string; subject: string; message: string }) =>
  sendPlainEmail(v.to, v.subject, v.message);
/** The promotions composer: every consenting address, or one of them. */
const promotionTo = (v: { recipients: 'all' | string[]; subject: string; message: string }) =>
  sendPromotion(v.recipients, v.subject, v.message);

export const useSendSmsMutation = (options?: MutationOptions<typeof smsTo>) => useServerMutation(smsTo, options);

export const useSendPlainEmailMutation = (options?: MutationOptions<typeof plainEmailTo>) =>
  useServerMutation(plainEmailTo, options);

export const useSendPromotionMutation = (options?: MutationOptions<typeof promotionTo>) =>
  useServerMutation(promotionTo, options);
