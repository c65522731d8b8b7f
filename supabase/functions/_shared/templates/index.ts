import { renderOrderConfirmation, type OrderPayload } from './order-confirmation.ts';
import { renderOrderStatus } from './order-status.ts';
import { renderReservationReceived, type ReservationPayload } from './reservation-received.ts';
import type { Rendered } from './layout.ts';
import type { RestaurantIdentity } from '../restaurant.ts';

export type { Rendered } from './layout.ts';
export { renderOrderConfirmation } from './order-confirmation.ts';
export { renderOrderStatus } from './order-status.ts';
export { renderReservationReceived } from './reservation-received.ts';
export { renderPlainMessage, renderPromotion } from './message.ts';

export type NotificationKind = 'order_confirmation' | 'order_status' | 'reservation_received';

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
    default:
      throw new Error(`No template for notification kind "${kind}"`);
  }
}
