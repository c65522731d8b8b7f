import { renderOrderConfirmation, type OrderPayload } from './order-confirmation.ts';
import { renderOrderStatus } from './order-status.ts';
import { renderReservationReceived, type ReservationPayload } from './reservation-received.ts';
import { renderReservationStatus } from './reservation-status.ts';
import type { Rendered } from './layout.ts';
import type { RestaurantIdentity } from '../restaurant.ts';

export type { Rendered } from './layout.ts';
export { renderOrderConfirmation } from './order-confirmation.ts';
export { renderOrderStatus } from './order-status.ts';
export { renderReservationReceived } from './reservation-received.ts';
export { renderReservationStatus } from './reservation-status.ts';
export { renderOrderSms, renderReservationSms, renderSms, SMS_MAX_LENGTH } from './sms.ts';
export { renderPlainMessage, renderPromotion, renderPromotionMessage } from './message.ts';

export type NotificationKind = 'order_confirmation' | 'order_status' | 'reservation_received' | 'reservation_status';

/** The e-mail for an outbox row, from its payload and the restaurant's identity (the defaults when absent). */
export function renderNotification(
  kind: string,
  payload: Record<string, unknown>,
  siteUrl: string,
  restaurant?: RestaurantIdentity,
): Rendered {
  switch (kind) {
    case 'order_confirmation':
      return renderOrderConfirmation(payload as OrderPayload, siteUrl, restaurant);
    case 'order_status':
      return renderOrderStatus(payload as OrderPayload, siteUrl, restaurant);
    case 'reservation_received':
      return renderReservationReceived(payload as ReservationPayload, siteUrl, restaurant);
    case 'reservation_status':
      return renderReservationStatus(payload, siteUrl, restaurant);
    default:
      throw new Error(`No template for notification kind "${kind}"`);
  }
}
