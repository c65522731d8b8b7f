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

/** The promotions composer to one customer: simple HTML, placed in the restaurant's layout with its logo. */
export const sendCustomEmail = (recipientEmail: string, subject: string, htmlContent: string) =>
  invokeFunction<SentMessage>('send-custom-email', { recipientEmail, subject, htmlContent });

/** One message per recipient (at most MAX_BULK_RECIPIENTS); bad addresses come back in `failed`. */
export const sendBulkEmail = (recipientEmails: string[], subject: string, htmlContent: string) =>
  invokeFunction<BulkResult>('send-bulk-email', { recipientEmails, subject, htmlContent });

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
/** The promotions composer: one recipient through send-custom-email, several through send-bulk-email. */
const promotionTo = (v: { recipients: string[]; bulk: boolean; subject: string; htmlContent: string }) =>
  v.bulk
    ? sendBulkEmail(v.recipients, v.subject, v.htmlContent)
    : sendCustomEmail(v.recipients[0]!, v.subject, v.htmlContent);

export const useSendSmsMutation = (options?: MutationOptions<typeof smsTo>) => useServerMutation(smsTo, options);

export const useSendPlainEmailMutation = (options?: MutationOptions<typeof plainEmailTo>) =>
  useServerMutation(plainEmailTo, options);

export const useSendPromotionMutation = (options?: MutationOptions<typeof promotionTo>) =>
  useServerMutation(promotionTo, options);
